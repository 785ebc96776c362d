import { ComingSoon } from '../placeholder/ComingSoon.tsx';

export default function PromotionsPage() {
  return <ComingSoon titleKey="pages.promotions" />;
}
