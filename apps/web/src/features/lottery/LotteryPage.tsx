import { ComingSoon } from '../../components/ComingSoon.tsx';

export default function LotteryPage({ kind }: { kind: 'lottery' | 'seaLottery' | 'vnLottery' }) {
  return <ComingSoon titleKey={`pages.${kind}`} />;
}
