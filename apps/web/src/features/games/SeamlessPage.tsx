import { ComingSoon } from '../../components/ComingSoon.tsx';

export default function SeamlessPage() {
  return <ComingSoon titleKey="pages.seamless" />;
}
