import { ComingSoon } from '../../components/ComingSoon.tsx';

export default function GameListCenter() {
  return <ComingSoon titleKey="pages.hot" />;
}
