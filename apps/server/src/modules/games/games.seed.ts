import type { Insertable } from 'kysely';
import type {
  GameCategoryCode,
  GameClassifyCode,
  GamesTable,
  VendorAdapter,
  VendorsTable,
  WalletMode,
} from './games.tables.ts';

interface DemoVendor {
  code: string;
  name: string;
  walletMode: WalletMode;
  adapter: VendorAdapter;
  sort: number;
}

/**
 * The demo merchant's vendors, each with games (a vendor wallet with nothing to play would only hold money
 * idle): our own games (SEA, played from the main wallet), the simulated external vendor (DEMO: a stand-in for the
 * live casino, sports, esports, fishing, card, cockfight and quick-draw vendors until our own exist;
 * modules/demo-vendor), and the same simulated vendor in transfer-wallet mode (DEMOT: its launch moves the member's
 * funds to the vendor; its sub-wallet is the one the wallet pages show).
 */
export const DEMO_VENDORS: DemoVendor[] = [
  { code: 'SEA', name: 'SEA Games', walletMode: 'seamless', adapter: 'house', sort: 1 },
  { code: 'DEMO', name: 'Demo vendor', walletMode: 'seamless', adapter: 'demo', sort: 2 },
  { code: 'DEMOT', name: 'Demo vendor (transfer wallet)', walletMode: 'transfer', adapter: 'demo', sort: 3 },
];

interface DemoGame {
  vendor: string;
  code: string;
  name: string;
  ty: string;
  /** The name in TL when PH players would not use the English one (most game names stay English there). */
  tl?: string;
  category: GameCategoryCode;
  classify?: GameClassifyCode;
  supportPlay?: boolean;
  hot?: boolean;
  /** Smallest stake in major units. */
  minBet: number;
  lines?: number;
  /** Icon file name (without .svg) when the game has none of its own yet. */
  icon?: string;
}

/** The icon our fast lottery games had before they had their own (databases seeded then are moved on). */
export const OLD_ELOTT_ICON = '/game-icons/demo-quickdraw.svg';

export const DEMO_GAMES: DemoGame[] = [
  // Our own provably-fair games (packages/games): free trial offered.
  {
    vendor: 'SEA',
    code: 'slot-lucky-dragon',
    name: 'Lucky Dragon',
    ty: 'Rồng May Mắn',
    category: 'RNG',
    supportPlay: true,
    hot: true,
    minBet: 1,
    lines: 20,
  },
  {
    vendor: 'SEA',
    code: 'vp-jacks-or-better',
    name: 'Jacks or Better',
    ty: 'Jacks or Better',
    category: 'RNG',
    classify: 'VP',
    supportPlay: true,
    hot: true,
    minBet: 1,
  },
  {
    vendor: 'SEA',
    code: 'scratch-lucky-match',
    name: 'Lucky Match',
    ty: 'Cào Trúng Thưởng',
    category: 'RNG',
    classify: 'SC',
    supportPlay: true,
    minBet: 1,
  },
  // Our multi-player baccarat tables (modules/baccarat): the launch opens /baccarat, the lobby of the tables.
  {
    vendor: 'SEA',
    code: 'baccarat',
    name: 'SEA Baccarat',
    ty: 'Baccarat SEA',
    category: 'LIVE',
    hot: true,
    minBet: 10,
  },
  // Our sabong arenas (modules/sabong): simulated fights with pari-mutuel Meron/Wala; the launch opens /play/sabong.
  {
    vendor: 'SEA',
    code: 'sabong',
    name: 'SEA Sabong',
    ty: 'Đá Gà SEA',
    tl: 'SEA Sabong',
    category: 'COCKFIGHT',
    hot: true,
    minBet: 20,
  },
  // Our fast e-lottery (modules/lottery): shared draws from a published hash chain; the launch opens /lottery/<code>.
  {
    vendor: 'SEA',
    code: 'elott-ssc-1m',
    name: 'Fast 5D · 1 min',
    ty: 'Xổ Số Nhanh 5D · 1 phút',
    tl: 'Mabilisang 5D · 1 min',
    category: 'ELOTT',
    hot: true,
    minBet: 1,
    icon: 'elott-ssc',
  },
  {
    vendor: 'SEA',
    code: 'elott-ssc-3m',
    name: 'Fast 5D · 3 min',
    ty: 'Xổ Số Nhanh 5D · 3 phút',
    tl: 'Mabilisang 5D · 3 min',
    category: 'ELOTT',
    minBet: 1,
    icon: 'elott-ssc',
  },
  {
    vendor: 'SEA',
    code: 'elott-ssc-5m',
    name: 'Fast 5D · 5 min',
    ty: 'Xổ Số Nhanh 5D · 5 phút',
    tl: 'Mabilisang 5D · 5 min',
    category: 'ELOTT',
    minBet: 1,
    icon: 'elott-ssc',
  },
  {
    vendor: 'SEA',
    code: 'elott-k3-1m',
    name: 'Fast 3 Dice · 1 min',
    ty: 'Xúc Xắc Nhanh · 1 phút',
    tl: 'Mabilisang 3 Dice · 1 min',
    category: 'ELOTT',
    hot: true,
    minBet: 1,
    icon: 'elott-k3',
  },
  {
    vendor: 'SEA',
    code: 'elott-k3-3m',
    name: 'Fast 3 Dice · 3 min',
    ty: 'Xúc Xắc Nhanh · 3 phút',
    tl: 'Mabilisang 3 Dice · 3 min',
    category: 'ELOTT',
    minBet: 1,
    icon: 'elott-k3',
  },
  // The demo vendor: one simple playable game per category it stands in for.
  {
    vendor: 'DEMO',
    code: 'demo-baccarat',
    name: 'Demo Baccarat',
    ty: 'Baccarat Thử Nghiệm',
    category: 'LIVE',
    hot: true,
    minBet: 10,
  },
  {
    vendor: 'DEMO',
    code: 'demo-football',
    name: 'Demo Football',
    ty: 'Bóng Đá Thử Nghiệm',
    category: 'SPORTS',
    minBet: 10,
  },
  {
    vendor: 'DEMO',
    code: 'demo-esports',
    name: 'Demo Esports',
    ty: 'Thể Thao Điện Tử Thử Nghiệm',
    category: 'ESPORTS',
    minBet: 10,
  },
  { vendor: 'DEMO', code: 'demo-fishing', name: 'Demo Fishing', ty: 'Bắn Cá Thử Nghiệm', category: 'FISH', minBet: 1 },
  { vendor: 'DEMO', code: 'demo-duel', name: 'Demo Card Duel', ty: 'Đấu Bài Thử Nghiệm', category: 'PVP', minBet: 5 },
  {
    vendor: 'DEMO',
    code: 'demo-sabong',
    name: 'Demo Sabong',
    ty: 'Đá Gà Thử Nghiệm',
    category: 'COCKFIGHT',
    minBet: 10,
  },
  {
    vendor: 'DEMO',
    code: 'demo-quickdraw',
    name: 'Demo Quick Draw',
    ty: 'Xổ Số Nhanh Thử Nghiệm',
    category: 'ELOTT',
    minBet: 1,
  },
  { vendor: 'DEMO', code: 'demo-lotto', name: 'Demo Lotto', ty: 'Xổ Số Thử Nghiệm', category: 'LOTT', minBet: 1 },
  // The same vendor in transfer-wallet mode: the launch moves the member's funds to the vendor's own wallet.
  {
    vendor: 'DEMOT',
    code: 'demo-baccarat',
    name: 'Demo Baccarat (transfer wallet)',
    ty: 'Baccarat Thử Nghiệm (ví chuyển)',
    tl: 'Demo Baccarat (transfer na wallet)',
    category: 'LIVE',
    minBet: 10,
  },
  {
    vendor: 'DEMOT',
    code: 'demo-fishing',
    name: 'Demo Fishing (transfer wallet)',
    ty: 'Bắn Cá Thử Nghiệm (ví chuyển)',
    tl: 'Demo Fishing (transfer na wallet)',
    category: 'FISH',
    minBet: 1,
  },
];

export function demoVendorRows(merchantId: bigint): Insertable<VendorsTable>[] {
  return DEMO_VENDORS.map((v) => ({
    merchant_id: merchantId,
    code: v.code,
    name: v.name,
    wallet_mode: v.walletMode,
    adapter: v.adapter,
    sort: v.sort,
    icon_url: v.adapter === 'none' ? null : `/game-icons/vendor-${v.code.toLowerCase()}.svg`,
  }));
}

export function demoGameRows(merchantId: bigint, currencyExponent: number): Insertable<GamesTable>[] {
  const unit = 10n ** BigInt(currencyExponent);
  return DEMO_GAMES.map((g, i) => ({
    merchant_id: merchantId,
    vendor_code: g.vendor,
    game_code: g.code,
    name: g.name,
    display_names: JSON.stringify({ en: g.name, ty: g.ty, ...(g.tl && { tl: g.tl }) }),
    category: g.category,
    classify: g.classify ?? null,
    icon_url: `/game-icons/${g.icon ?? g.code}.svg`, // DEMOT's games share the icons of DEMO's
    support_play: g.supportPlay ?? false,
    hot: g.hot ?? false,
    sort: i,
    min_bet: BigInt(g.minBet) * unit,
    lines: g.lines ?? null,
  }));
}
