import { ComingSoon } from '../../components/ComingSoon.tsx';

export default function PromotionsPage() {
  return <ComingSoon titleKey="pages.promotions" />;
}
