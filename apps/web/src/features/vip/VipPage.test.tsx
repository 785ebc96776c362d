import { defaultFeatureFlags, type VipOverview } from '@sea/contracts';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../state/session.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';
import { progressTo } from './VipPage.tsx';

const level = (n: number, name: string, threshold: string, extra: Partial<VipOverview['levels'][number]> = {}) => ({
  level: n,
  name,
  threshold,
  keepThreshold: String(BigInt(threshold) / 2n),
  levelUpReward: '0',
  weeklyBonus: '0',
  monthlyBonus: '0',
  rebateBonusBp: 0,
  payAs: 'cash' as const,
  bonusTerms: null,
  ...extra,
});
const overview: VipOverview = {
  basis: 'tier_points',
  period: 'month',
  periodStart: '2026-10-31T16:00:00.000Z',
  periodEnd: '2026-11-30T16:00:00.000Z',
  level: 1,
  qualifying: '2750',
  levels: [
    level(0, 'Member', '0'),
    level(1, 'Bronze', '500', { levelUpReward: '5000', monthlyBonus: '2000', rebateBonusBp: 5 }),
    level(2, 'Silver', '5000', { levelUpReward: '20000', weeklyBonus: '2000', rebateBonusBp: 10 }),
  ],
  history: [{ fromLevel: 0, toLevel: 1, reason: 'up', qualifying: '500', createdAt: '2026-11-10T04:00:00.000Z' }],
  currency: 'PHP',
  exponent: 2,
};

function setup(answer: () => Response, flags = { ...defaultFeatureFlags(), VIP3: true }) {
  server.use(
    http.get('*/wps/vip', answer),
    http.get('*/wps/system/whitelabel', () => ok(flags)),
    http.get('*/wps/rewards/summary', () => ok({ missions: 0, rewards: 1, points: '0' })),
  );
  useSession.getState().setToken('t'.repeat(43));
}

describe('VIP page', () => {
  it('shows the level, the progress to the next, every level’s benefits and the history', async () => {
    setup(() => ok(overview));
    renderAt('/member/vip');
    expect((await screen.findByTestId('vip-level')).textContent).toContain('Bronze VIP 1');
    expect(screen.getByTestId('vip-qualifying').textContent).toContain('2,750');
    const bar = screen.getByRole('progressbar', { name: 'Progress to Silver' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50'); // (2,750 − 500) / (5,000 − 500)
    expect(bar.getAttribute('aria-valuetext')).toBe('2,750 / 5,000');
    expect(screen.getByText('2,250 more tier points to reach Silver')).toBeTruthy();
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[2]!).getByRole('rowheader').textContent).toContain('Bronze');
    expect(rows[2]!.getAttribute('aria-current')).toBe('true');
    expect(rows[2]!.textContent).toContain('PHP 50.00');
    expect(rows[2]!.textContent).toContain('+0.05%');
    expect(rows[3]!.textContent).toContain('PHP 20.00');
    expect(screen.getByText('Up: Member → Bronze')).toBeTruthy();
    expect(screen.queryByTestId('pay-as')).toBeNull(); // level-up rewards in cash: nothing more said
    // The menu lists the page while VIP3 is on.
    expect(screen.getByRole('link', { name: 'VIP' }).getAttribute('aria-current')).toBe('page');
  });

  it('says beside a level-up reward paid as bonus money its wagering terms', async () => {
    const bonus = {
      payAs: 'bonus' as const,
      bonusTerms: { multiplier: 3, maxConversion: null, maxStake: '2000', expiryDays: 5 },
    };
    setup(() => ok({ ...overview, levels: overview.levels.map((l) => (l.level === 2 ? { ...l, ...bonus } : l)) }));
    renderAt('/member/vip');
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    const cell = within(rows[3]!).getByText('PHP 200.00');
    expect(within(cell).getByTestId('pay-as').textContent).toBe(
      'Bonus money: wager 3× within 5 days · max stake PHP 20.00',
    );
    expect(within(rows[2]!).queryByTestId('pay-as')).toBeNull();
  });

  it('says when the top level is reached', async () => {
    setup(() => ok({ ...overview, level: 2, qualifying: '9000' }));
    renderAt('/member/vip');
    expect(await screen.findByText('You have reached the highest level.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows an error state when the page cannot load', async () => {
    setup(() =>
      HttpResponse.json({ success: false, value: null, message: 'down', code: 'internal_error' }, { status: 500 }),
    );
    renderAt('/member/vip');
    expect(await screen.findByText('The VIP page could not be loaded.')).toBeTruthy();
  });

  it('is not offered while VIP3 is off', async () => {
    setup(() => ok(overview), defaultFeatureFlags());
    renderAt('/member/vip');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'VIP' })).toBeNull();
  });

  it('computes the progress between thresholds', () => {
    const [, bronze, silver] = overview.levels;
    expect(progressTo(bronze, silver!, '500')).toBe(0);
    expect(progressTo(bronze, silver!, '4999')).toBe(99);
    expect(progressTo(bronze, silver!, '6000')).toBe(100);
    expect(progressTo(undefined, bronze!, '250')).toBe(50);
  });
});
