import { ComingSoon } from '../../components/ComingSoon.tsx';
import FeedLobby from './FeedLobby.tsx';

/** /vnLottery and /seaLottery: the feed-based lotteries' menus (/lottery itself is the fast lottery's lobby). */
export default function LotteryPage({ kind }: { kind: 'lottery' | 'seaLottery' | 'vnLottery' }) {
  if (kind === 'lottery') return <ComingSoon titleKey="pages.lottery" />;
  return <FeedLobby menu={kind} />;
}
