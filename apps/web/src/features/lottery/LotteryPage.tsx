import FeedLobby from './FeedLobby.tsx';

/** /vnLottery and /seaLottery: the feed-based lotteries' menus (/lottery itself is the fast lottery's lobby). */
export default function LotteryPage({ kind }: { kind: 'seaLottery' | 'vnLottery' }) {
  return <FeedLobby menu={kind} />;
}
