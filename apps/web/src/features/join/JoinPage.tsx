import { ComingSoon } from '../../components/ComingSoon.tsx';

export default function JoinPage() {
  return <ComingSoon titleKey="pages.join" />;
}
