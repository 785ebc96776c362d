import { ComingSoon } from '../placeholder/ComingSoon.tsx';

export default function JoinPage() {
  return <ComingSoon titleKey="pages.join" />;
}
