import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon.tsx';

const NAV_KEY: Record<string, string> = { elott: 'lottery' };

/** Game centre of one game type (/fish, /live, /sports, …). */
export default function GameCenter({ gameType }: { gameType: string }) {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.gameCenter', { name: t(`nav.${NAV_KEY[gameType] ?? gameType}`) })} />;
}
