import { ComingSoon } from '../placeholder/ComingSoon.tsx';

export default function SeamlessPage() {
  return <ComingSoon titleKey="pages.seamless" />;
}
