import { ComingSoon } from '../placeholder/ComingSoon.tsx';

export default function PointMallPage() {
  return <ComingSoon titleKey="pages.pointMall" />;
}
