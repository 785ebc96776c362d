import { randomBytes } from 'node:crypto';
import type { Merchant } from '../../http/principals.ts';
import { feedDefaultOdds, type FeedKind } from './feed.ts';
import type { FeedRepository } from './feed.repository.ts';

/** The demo merchant's feed games (MB daily; MN/MT stations on their weekdays, domain-rules §1.1; Thai; 4D). */
export const DEMO_FEED_GAMES: {
  code: string;
  name: string;
  kind: FeedKind;
  region: 'MB' | 'MN' | 'MT' | null;
  station: string;
  timezone: string;
  drawTime: string;
  closeMinutes: number;
  schedule: { weekdays?: number[]; monthDays?: number[] };
  source: 'simulated' | 'manual';
}[] = [
  // MB draws every day at 18:15 (VN time); bets close at 18:10.
  {
    code: 'vn-mb',
    name: 'Miền Bắc',
    kind: 'vn',
    region: 'MB',
    station: 'Hà Nội',
    timezone: 'Asia/Ho_Chi_Minh',
    drawTime: '18:15',
    closeMinutes: 5,
    schedule: { weekdays: [0, 1, 2, 3, 4, 5, 6] },
    source: 'simulated',
  },
  {
    code: 'vn-mn-hcm',
    name: 'TP.HCM',
    kind: 'vn',
    region: 'MN',
    station: 'TP.HCM',
    timezone: 'Asia/Ho_Chi_Minh',
    drawTime: '16:15',
    closeMinutes: 5,
    schedule: { weekdays: [1, 6] },
    source: 'simulated',
  },
  {
    code: 'vn-mn-dongthap',
    name: 'Đồng Tháp',
    kind: 'vn',
    region: 'MN',
    station: 'Đồng Tháp',
    timezone: 'Asia/Ho_Chi_Minh',
    drawTime: '16:15',
    closeMinutes: 5,
    schedule: { weekdays: [1] },
    source: 'simulated',
  },
  {
    code: 'vn-mt-danang',
    name: 'Đà Nẵng',
    kind: 'vn',
    region: 'MT',
    station: 'Đà Nẵng',
    timezone: 'Asia/Ho_Chi_Minh',
    drawTime: '17:15',
    closeMinutes: 5,
    schedule: { weekdays: [3, 6] },
    source: 'manual',
  },
  {
    code: 'vn-mt-khanhhoa',
    name: 'Khánh Hòa',
    kind: 'vn',
    region: 'MT',
    station: 'Khánh Hòa',
    timezone: 'Asia/Ho_Chi_Minh',
    drawTime: '17:15',
    closeMinutes: 5,
    schedule: { weekdays: [0, 3] },
    source: 'manual',
  },
  {
    code: 'thai-gov',
    name: 'Thai Government Lottery',
    kind: 'thai',
    region: null,
    station: 'GLO Bangkok',
    timezone: 'Asia/Bangkok',
    drawTime: '15:30',
    closeMinutes: 30,
    schedule: { monthDays: [1, 16] },
    source: 'simulated',
  },
  {
    code: '4d-sg',
    name: 'Singapore 4D',
    kind: '4d',
    region: null,
    station: 'Singapore',
    timezone: 'Asia/Singapore',
    drawTime: '18:30',
    closeMinutes: 30,
    schedule: { weekdays: [0, 3, 6] },
    source: 'simulated',
  },
];

/** The demo merchant's feed games (idempotent; issues come with the schedule job). */
export async function seedFeedDemo(
  repo: Pick<FeedRepository, 'addGames'>,
  merchant: Pick<Merchant, 'id' | 'currencyExponent'>,
): Promise<void> {
  const unit = 10n ** BigInt(merchant.currencyExponent);
  await repo.addGames(
    DEMO_FEED_GAMES.map((g) => ({
      game: {
        merchant_id: merchant.id,
        game_code: g.code,
        name: g.name,
        kind: g.kind,
        // one draw per calendar day at most: the interval is the day (feed games have no chain)
        interval_seconds: 86_400,
        close_seconds: g.closeMinutes * 60,
        prize_group: 1960,
        min_unit_stake: unit,
        max_unit_stake: 10_000n * unit,
        max_number_stake: 50_000n * unit,
      },
      feed: {
        region: g.region,
        station: g.station,
        timezone: g.timezone,
        draw_time: g.drawTime,
        schedule: JSON.stringify(g.schedule),
        source: g.source,
        secret: randomBytes(32).toString('hex'),
        odds: JSON.stringify(feedDefaultOdds({ kind: g.kind, region: g.region })),
      },
    })),
  );
}
