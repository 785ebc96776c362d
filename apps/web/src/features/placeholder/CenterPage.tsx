import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SecurityCenter } from '../member/SecurityCenter.tsx';
import { ComingSoon } from './ComingSoon.tsx';

/** Member centre (/member/:page) and agent centre (/agent/:page, /agentHome) pages of the spec. */
export function CenterPage({ area }: { area: 'member' | 'agent' }) {
  const { t } = useTranslation();
  const { page } = useParams();
  if (area === 'member' && page === 'securityCenter') return <SecurityCenter />;
  const centre = t(area === 'member' ? 'pages.memberCenter' : 'pages.agentCenter');
  return <ComingSoon title={page ? `${centre} · ${page}` : centre} />;
}
