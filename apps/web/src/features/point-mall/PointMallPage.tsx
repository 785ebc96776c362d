import { ComingSoon } from '../../components/ComingSoon.tsx';

export default function PointMallPage() {
  return <ComingSoon titleKey="pages.pointMall" />;
}
