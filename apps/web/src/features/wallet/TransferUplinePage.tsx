import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../placeholder/ComingSoon.tsx';

/** Member centre page (placeholder until built). */
export function TransferUplinePage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('centre.member.transferUpline')} />;
}
