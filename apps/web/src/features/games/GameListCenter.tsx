import { GAME_LIST_PAGE_SIZE } from '@sea/contracts/game-constants';
import { useTranslation } from 'react-i18next';
import { GameCentre } from './GameCentre.tsx';

/** The hot games list centre (/hot): every game flagged hot, 42 a page, with the same filters. */
export default function GameListCenter() {
  const { t } = useTranslation();
  return <GameCentre title={t('pages.hot')} categories={null} pageSize={GAME_LIST_PAGE_SIZE} />;
}
