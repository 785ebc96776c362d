import { ComingSoon } from '../placeholder/ComingSoon.tsx';

export default function GameListCenter() {
  return <ComingSoon titleKey="pages.hot" />;
}
