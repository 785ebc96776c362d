import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../placeholder/ComingSoon.tsx';

/** Member centre page (placeholder until built). */
export function WithdrawPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('centre.member.withdraw')} />;
}
