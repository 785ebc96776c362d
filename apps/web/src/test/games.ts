import type { GameItem, GameMenu, VendorTile } from '@sea/contracts';

/** A game as the catalogue answers it (test data). */
export const game = (over: Partial<GameItem> = {}): GameItem => ({
  nodeId: '11',
  gameName: 'Lucky Dragon',
  displayName: 'Lucky Dragon',
  iconUrl: '/game-icons/slot-lucky-dragon.svg',
  vassalage: 'SEA',
  vendorName: 'SEA Games',
  lagerIcon: null,
  gameType: 'RNG',
  gameClassify: null,
  gameCode: 'slot-lucky-dragon',
  supportPlay: 0,
  isGame: true,
  hot: false,
  maintenance: false,
  minBet: '100',
  lines: 20,
  ...over,
});

/** A vendor tile (test data). */
export const vendor = (over: Partial<VendorTile> = {}): VendorTile => ({
  vassalage: 'SEA',
  displayName: 'SEA Games',
  lagerIcon: null,
  walletMode: 'seamless',
  maintenance: false,
  gameCount: 3,
  firstGameId: '11',
  ...over,
});

/** Menus with the given vendors per category (test data). */
export const menus = (groups: Partial<Record<GameMenu['gameCategory'], VendorTile[]>>): GameMenu[] =>
  Object.entries(groups).map(([gameCategory, vendors]) => ({
    gameCategory: gameCategory as GameMenu['gameCategory'],
    vendors: vendors ?? [],
  }));
