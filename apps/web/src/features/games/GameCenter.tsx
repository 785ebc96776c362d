import { GAME_LIST_PAGE_SIZE, GAME_PAGE_SIZE } from '@sea/contracts/game-constants';
import { useTranslation } from 'react-i18next';
import { CATEGORIES_OF_ROUTE, type CentreRoute, LIST_CENTRE_CATEGORIES } from '../../lib/game-routes.ts';
import { GameCentre } from './GameCentre.tsx';

const NAV_KEY: Partial<Record<CentreRoute, string>> = { elott: 'lottery' };

/** Game centre of one game type (/fish, /live, /sports, …): 6 games a page (42 in the list centres, e.g. RNG). */
export default function GameCenter({ gameType }: { gameType: CentreRoute }) {
  const { t } = useTranslation();
  const categories = CATEGORIES_OF_ROUTE[gameType];
  const list = categories.some((c) => LIST_CENTRE_CATEGORIES.includes(c));
  return (
    <GameCentre
      key={gameType}
      title={t('pages.gameCenter', { name: t(`nav.${NAV_KEY[gameType] ?? gameType}`) })}
      categories={categories}
      pageSize={list ? GAME_LIST_PAGE_SIZE : GAME_PAGE_SIZE}
    />
  );
}
