import type { GameCategoryCode } from '../games/index.ts';
import type { Lang } from './demo-vendor.texts.ts';

/** One choice a player can bet on; odds in basis points of the stake (19 500 = pays 1.95 × the stake back). */
export interface DemoPick {
  key: string;
  label: string;
  /** The label in TY (the site's second language), when it differs. */
  ty?: string;
  /** The label in TL (Tagalog), when it differs. */
  tl?: string;
  oddsBp: number;
}

/**
 * What happened in a round: the text shown (in English and in TY, the site's second language: a vendor writes its
 * round summary in the session's language), the detail for the page, and what each pick returns.
 */
export interface DemoOutcome {
  text: string;
  ty: string;
  tl: string;
  detail: Record<string, string | number>;
  /** The return of a pick in basis points of its stake (0: lost; 10 000: stake back); 'void' cancels every bet. */
  returnBp(pick: DemoPick): number | 'void';
}

/**
 * A game of the demo vendor: one simple playable game per category it stands in for. Games that settle later
 * (a match, a fight, a draw) are settled by the vendor's job after `settleAfterSeconds` — a late win.
 */
export interface DemoGame {
  code: string;
  name: string;
  ty: string;
  /** The name in TL (Tagalog) when PH players would not use the English one. */
  tl?: string;
  category: GameCategoryCode;
  blurb: string;
  /** The blurb in TY (the site's second language). */
  tyBlurb: string;
  /** The blurb in TL (Tagalog). */
  tlBlurb: string;
  picks: DemoPick[];
  settleAfterSeconds: number;
  /** Smallest stake in major units of the merchant's currency. */
  minBet: number;
  play(random: () => number): DemoOutcome;
}

/** A text in the session's language: its TY or TL version when there is one, else the English. */
export const inLanguage = (lang: Lang, english: string, texts: { ty?: string; tl?: string }): string =>
  (lang !== 'en' && texts[lang]) || english;

const win = (key: string) => (p: DemoPick) => (p.key === key ? p.oddsBp : 0);
const pickOf = <T>(random: () => number, items: Array<[T, number]>): T => {
  let r = random();
  for (const [item, weight] of items) {
    if (r < weight) return item;
    r -= weight;
  }
  return items[items.length - 1]![0];
};
const card = (random: () => number) => Math.floor(random() * 13) + 1; // 1 = ace … 13 = king
const CARD_NAMES = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const baccaratValue = (c: number) => (c >= 10 ? 0 : c);

const numberPicks = (oddsBp: number): DemoPick[] =>
  Array.from({ length: 10 }, (_, n) => ({ key: String(n), label: String(n), oddsBp }));

function drawNumber(random: () => number): DemoOutcome {
  const n = String(Math.floor(random() * 10));
  return {
    text: `Number drawn: ${n}`,
    ty: `Số quay ra: ${n}`,
    tl: `Lumabas na numero: ${n}`,
    detail: { number: n },
    returnBp: win(n),
  };
}

export const DEMO_GAMES: DemoGame[] = [
  {
    code: 'demo-baccarat',
    name: 'Demo Baccarat',
    ty: 'Baccarat Thử Nghiệm',
    category: 'LIVE',
    blurb: 'Bet on the banker or the player hand; the closest to 9 wins. A tie returns banker and player bets.',
    tyBlurb: 'Đặt cửa Nhà cái hoặc Người chơi; bên gần 9 nhất thắng. Hòa thì cược Nhà cái và Người chơi được hoàn lại.',
    tlBlurb:
      'Tumaya sa Banker o sa Player; panalo ang pinakamalapit sa 9. Kapag tie, ibinabalik ang taya sa Banker at Player.',
    picks: [
      { key: 'banker', label: 'Banker 1.95', ty: 'Nhà cái 1.95', oddsBp: 19_500 },
      { key: 'player', label: 'Player 2.00', ty: 'Người chơi 2.00', oddsBp: 20_000 },
      { key: 'tie', label: 'Tie 9.00', ty: 'Hòa 9.00', oddsBp: 90_000 },
    ],
    settleAfterSeconds: 0,
    minBet: 10,
    play(random) {
      const p = [card(random), card(random)];
      const b = [card(random), card(random)];
      const total = (cards: number[]) => cards.reduce((s, c) => s + baccaratValue(c), 0) % 10;
      // Simplified third-card rule: a hand of 0–5 draws, unless either side has a natural 8 or 9.
      if (total(p) < 8 && total(b) < 8) {
        if (total(p) <= 5) p.push(card(random));
        if (total(b) <= 5) b.push(card(random));
      }
      const [pt, bt] = [total(p), total(b)];
      const result = pt === bt ? 'tie' : bt > pt ? 'banker' : 'player';
      const [pc, bc] = [p, b].map((cards) => cards.map((c) => CARD_NAMES[c]).join(' '));
      const tyResult = { tie: 'Hòa', banker: 'Nhà cái thắng', player: 'Người chơi thắng' }[result];
      return {
        text: `Player ${pt} (${pc}) · Banker ${bt} (${bc}) · ${result}`,
        ty: `Người chơi ${pt} (${pc}) · Nhà cái ${bt} (${bc}) · ${tyResult}`,
        tl: `Player ${pt} (${pc}) · Banker ${bt} (${bc}) · ${{ tie: 'Tie', banker: 'Panalo ang Banker', player: 'Panalo ang Player' }[result]}`,
        detail: { player: pt, banker: bt, result },
        returnBp: (pick) => (result === 'tie' && pick.key !== 'tie' ? 10_000 : win(result)(pick)),
      };
    },
  },
  {
    code: 'demo-football',
    name: 'Demo Football',
    ty: 'Bóng Đá Thử Nghiệm',
    category: 'SPORTS',
    blurb: 'Manila Stars v Cebu United, full time result. The match is played after your bet: it settles later.',
    tyBlurb: 'Manila Stars gặp Cebu United, kết quả cả trận. Trận đấu diễn ra sau khi bạn cược: kết quả có sau.',
    tlBlurb:
      'Manila Stars laban sa Cebu United, resulta sa full time. Lalaruin ang laban pagkatapos ng iyong taya: mamaya ang settlement.',
    picks: [
      { key: 'home', label: 'Manila Stars 2.10', oddsBp: 21_000 },
      { key: 'draw', label: 'Draw 3.30', ty: 'Hòa 3.30', tl: 'Tabla 3.30', oddsBp: 33_000 },
      { key: 'away', label: 'Cebu United 3.40', oddsBp: 34_000 },
    ],
    settleAfterSeconds: 60,
    minBet: 10,
    play(random) {
      const result = pickOf(random, [
        ['home', 0.45],
        ['draw', 0.27],
        ['away', 0.28],
      ]);
      const low = Math.floor(random() * 3);
      const goals = 1 + Math.floor(random() * 2);
      const [h, a] = result === 'home' ? [low + goals, low] : result === 'away' ? [low, low + goals] : [low, low];
      return {
        text: `Full time: Manila Stars ${h} – ${a} Cebu United`,
        ty: `Hết trận: Manila Stars ${h} – ${a} Cebu United`,
        tl: `Full time: Manila Stars ${h} – ${a} Cebu United`,
        detail: { home: h, away: a, result },
        returnBp: win(result),
      };
    },
  },
  {
    code: 'demo-esports',
    name: 'Demo Esports',
    ty: 'Thể Thao Điện Tử Thử Nghiệm',
    category: 'ESPORTS',
    blurb: 'Team Dragon v Team Phoenix, best of three maps. Settles when the series ends.',
    tyBlurb: 'Team Dragon gặp Team Phoenix, thắng hai trong ba bản đồ. Kết quả có khi loạt trận kết thúc.',
    tlBlurb: 'Team Dragon laban sa Team Phoenix, best of three na mapa. Sine-settle kapag natapos ang serye.',
    picks: [
      { key: 'dragon', label: 'Team Dragon 1.85', oddsBp: 18_500 },
      { key: 'phoenix', label: 'Team Phoenix 1.95', oddsBp: 19_500 },
    ],
    settleAfterSeconds: 30,
    minBet: 10,
    play(random) {
      const result = random() < 0.52 ? 'dragon' : 'phoenix';
      const loserMaps = Math.floor(random() * 2);
      const name = result === 'dragon' ? 'Team Dragon' : 'Team Phoenix';
      return {
        text: `${name} wins the series 2–${loserMaps}`,
        ty: `${name} thắng loạt trận 2–${loserMaps}`,
        tl: `Panalo ang ${name} sa serye 2–${loserMaps}`,
        detail: { result, maps: `2-${loserMaps}` },
        returnBp: win(result),
      };
    },
  },
  {
    code: 'demo-fishing',
    name: 'Demo Fishing',
    ty: 'Bắn Cá Thử Nghiệm',
    category: 'FISH',
    blurb: 'Aim at a fish and fire: the bigger the fish, the harder it is to catch.',
    tyBlurb: 'Nhắm một con cá và bắn: cá càng lớn càng khó bắt.',
    tlBlurb: 'Tumutok sa isang isda at bumaril: kapag mas malaki ang isda, mas mahirap itong mahuli.',
    picks: [
      {
        key: 'sardine',
        label: 'Sardine 1.9× (1 in 2)',
        ty: 'Cá mòi 1.9× (1 trên 2)',
        tl: 'Tamban 1.9× (1 sa 2)',
        oddsBp: 19_000,
      },
      {
        key: 'turtle',
        label: 'Turtle 4.75× (1 in 5)',
        ty: 'Rùa 4.75× (1 trên 5)',
        tl: 'Pawikan 4.75× (1 sa 5)',
        oddsBp: 47_500,
      },
      {
        key: 'shark',
        label: 'Golden shark 19× (1 in 20)',
        ty: 'Cá mập vàng 19× (1 trên 20)',
        tl: 'Gintong pating 19× (1 sa 20)',
        oddsBp: 190_000,
      },
    ],
    settleAfterSeconds: 0,
    minBet: 1,
    play(random) {
      const r = random();
      const caught = (p: DemoPick) => r < { sardine: 0.5, turtle: 0.2, shark: 0.05 }[p.key as 'sardine']!;
      const shot = r < 0.05 ? 0 : r < 0.2 ? 1 : r < 0.5 ? 2 : 3;
      return {
        text: [
          'A direct hit: everything in range is caught',
          'Hit: the turtle and smaller fish are caught',
          'Hit: a sardine is caught',
          'Missed',
        ][shot]!,
        ty: [
          'Trúng trực diện: bắt được mọi con cá trong tầm bắn',
          'Trúng: bắt được rùa và các con cá nhỏ hơn',
          'Trúng: bắt được một con cá mòi',
          'Trượt',
        ][shot]!,
        tl: [
          'Direktang tama: huli ang lahat ng nasa saklaw',
          'Tama: huli ang pawikan at ang mas maliliit na isda',
          'Tama: may nahuling tamban',
          'Sablay',
        ][shot]!,
        detail: { shot: Math.round(r * 1000) / 1000 },
        returnBp: (p) => (caught(p) ? p.oddsBp : 0),
      };
    },
  },
  {
    code: 'demo-duel',
    name: 'Demo Card Duel',
    ty: 'Đấu Bài Thử Nghiệm',
    category: 'PVP',
    blurb:
      'You and another player each draw a card; the higher card takes the pot (2.5 % rake). A tie returns the stake.',
    tyBlurb:
      'Bạn và một người chơi khác mỗi người rút một lá; lá cao hơn ăn cả (phí 2,5 %). Hòa thì hoàn lại tiền cược.',
    tlBlurb:
      'Bubunot ng tig-isang card ikaw at ang isa pang player; kukunin ng mas mataas na card ang pot (2.5 % rake). Kapag tabla, ibinabalik ang taya.',
    picks: [
      {
        key: 'duel',
        label: 'Draw a card (1.95)',
        ty: 'Rút một lá (1.95)',
        tl: 'Bumunot ng card (1.95)',
        oddsBp: 19_500,
      },
    ],
    settleAfterSeconds: 0,
    minBet: 5,
    play(random) {
      const [mine, theirs] = [card(random), card(random)];
      const rank = (c: number) => (c === 1 ? 14 : c);
      const result = rank(mine) === rank(theirs) ? 'tie' : rank(mine) > rank(theirs) ? 'win' : 'lose';
      return {
        text: `You ${CARD_NAMES[mine]} · Opponent ${CARD_NAMES[theirs]} · ${result === 'tie' ? 'a tie' : result === 'win' ? 'you win' : 'you lose'}`,
        ty: `Bạn ${CARD_NAMES[mine]} · Đối thủ ${CARD_NAMES[theirs]} · ${result === 'tie' ? 'hòa' : result === 'win' ? 'bạn thắng' : 'bạn thua'}`,
        tl: `Ikaw ${CARD_NAMES[mine]} · Kalaban ${CARD_NAMES[theirs]} · ${result === 'tie' ? 'tabla' : result === 'win' ? 'panalo ka' : 'talo ka'}`,
        detail: { mine: CARD_NAMES[mine]!, theirs: CARD_NAMES[theirs]!, result },
        returnBp: (p) => (result === 'tie' ? 10_000 : result === 'win' ? p.oddsBp : 0),
      };
    },
  },
  {
    code: 'demo-sabong',
    name: 'Demo Sabong',
    ty: 'Đá Gà Thử Nghiệm',
    tl: 'Demo Sabong',
    category: 'COCKFIGHT',
    blurb: 'Meron (red) or Wala (blue). The fight starts after betting closes; a cancelled fight refunds every bet.',
    tyBlurb: 'Meron (đỏ) hoặc Wala (xanh). Trận đá bắt đầu sau khi đóng cược; trận bị hủy thì hoàn lại mọi cược.',
    tlBlurb:
      'Meron (pula) o Wala (asul). Magsisimula ang laban pagsara ng pustahan; kapag kinansela ang laban, ibinabalik ang lahat ng taya.',
    picks: [
      { key: 'meron', label: 'Meron 1.90', oddsBp: 19_000 },
      { key: 'wala', label: 'Wala 1.90', oddsBp: 19_000 },
    ],
    settleAfterSeconds: 15,
    minBet: 10,
    play(random) {
      const result = pickOf(random, [
        ['meron', 0.48],
        ['wala', 0.48],
        ['cancelled', 0.04],
      ]);
      if (result === 'cancelled')
        return {
          text: 'Fight cancelled: every bet is refunded',
          ty: 'Trận đá bị hủy: mọi cược được hoàn lại',
          tl: 'Kinansela ang laban: ibinabalik ang lahat ng taya',
          detail: { result },
          returnBp: () => 'void',
        };
      const side = result === 'meron' ? 'Meron' : 'Wala';
      return {
        text: `${side} wins`,
        ty: `${side} thắng`,
        tl: `Panalo ang ${side}`,
        detail: { result },
        returnBp: win(result),
      };
    },
  },
  {
    code: 'demo-quickdraw',
    name: 'Demo Quick Draw',
    ty: 'Xổ Số Nhanh Thử Nghiệm',
    category: 'ELOTT',
    blurb: 'Pick a number from 0 to 9; the ball is drawn at once and pays 9.5 ×.',
    tyBlurb: 'Chọn một số từ 0 đến 9; bóng được quay ngay và trả 9,5 ×.',
    tlBlurb: 'Pumili ng numero mula 0 hanggang 9; agad na binobola at nagbabayad ng 9.5 ×.',
    picks: numberPicks(95_000),
    settleAfterSeconds: 0,
    minBet: 1,
    play: drawNumber,
  },
  {
    code: 'demo-lotto',
    name: 'Demo Lotto',
    ty: 'Xổ Số Thử Nghiệm',
    category: 'LOTT',
    blurb: 'Pick a number from 0 to 9 for the next draw (every 30 seconds); it pays 9.5 ×.',
    tyBlurb: 'Chọn một số từ 0 đến 9 cho kỳ quay tới (mỗi 30 giây); trả 9,5 ×.',
    tlBlurb: 'Pumili ng numero mula 0 hanggang 9 para sa susunod na bola (kada 30 segundo); nagbabayad ng 9.5 ×.',
    picks: numberPicks(95_000),
    settleAfterSeconds: 30,
    minBet: 1,
    play: drawNumber,
  },
];

export const demoGame = (code: string): DemoGame | undefined => DEMO_GAMES.find((g) => g.code === code);

/** What a pick returns on a stake (minor units) under an outcome; 'void' when the round is cancelled. */
export function payoutOf(outcome: DemoOutcome, pick: DemoPick, stake: bigint): bigint | 'void' {
  const r = outcome.returnBp(pick);
  return r === 'void' ? 'void' : (stake * BigInt(r)) / 10_000n;
}
