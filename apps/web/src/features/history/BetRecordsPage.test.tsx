import type { BetRecord, BetRecordPage } from '@sea/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../state/session.ts';
import { menus, vendor } from '../../test/games.ts';
import { renderAt } from '../../test/render.tsx';
import { baseStatus, ok, server } from '../../test/server.ts';
import { quickRange } from '../../lib/date-ranges.ts';

const round = (over: Partial<BetRecord>): BetRecord => ({
  id: '1',
  roundRef: 'r-1',
  gameName: 'Lucky Dragon',
  gameType: 'RNG',
  vassalage: 'SEA',
  vendorName: 'SEA Games',
  stake: '2000',
  payout: '5000',
  net: '3000',
  status: 'settled',
  summary: '3 dragons on line 7',
  startedAt: '2024-05-01T10:00:00.000Z',
  settledAt: '2024-05-01T10:00:01.000Z',
  verifiable: true,
  ...over,
});

/** 25 rounds answered like the server (filters, pages, totals over every match); records every query string. */
function setup() {
  const rounds = Array.from({ length: 25 }, (_, i) =>
    round({
      id: String(i + 1),
      roundRef: i >= 20 ? `r-${i + 1}` : `h${i + 1}`,
      status: i === 0 ? 'open' : i === 1 ? 'rolled_back' : 'settled',
      payout: i % 2 ? '0' : '5000',
      net: i % 2 ? '-2000' : '3000',
      ...(i >= 20 && {
        gameName: 'Demo Baccarat',
        gameType: 'LIVE',
        vassalage: 'DEMO',
        vendorName: 'Demo vendor',
        verifiable: false,
      }),
    }),
  );
  const calls: URLSearchParams[] = [];
  server.use(
    http.get('*/lgw/games/game_menus', () =>
      ok(menus({ RNG: [vendor()], LIVE: [vendor({ vassalage: 'DEMO', displayName: 'Demo vendor' })] })),
    ),
    http.get('*/wps/game/bets', ({ request }) => {
      const q = new URL(request.url).searchParams;
      calls.push(q);
      const pageNo = Number(q.get('pageNo'));
      const pageSize = Number(q.get('pageSize'));
      const matching = rounds.filter(
        (r) =>
          (!q.get('gameType') || r.gameType === q.get('gameType')) &&
          (!q.get('vassalage') || r.vassalage === q.get('vassalage')) &&
          (!q.get('status') || r.status === q.get('status')),
      );
      const sum = (k: 'stake' | 'payout') => matching.reduce((a, r) => a + BigInt(r[k]), 0n);
      const value: BetRecordPage = {
        items: matching.slice((pageNo - 1) * pageSize, pageNo * pageSize),
        total: matching.length,
        pageNo,
        pageSize,
        totals: {
          stake: String(sum('stake')),
          payout: String(sum('payout')),
          net: String(sum('payout') - sum('stake')),
        },
        currency: 'PHP',
        exponent: 2,
        timezone: 'Asia/Manila',
      };
      return ok(value);
    }),
  );
  useSession.getState().setToken('t'.repeat(43));
  return calls;
}

describe('betting record page', { timeout: 20_000 }, () => {
  it('lists every round with game, vendor, stake, payout, result, status and totals over all pages', async () => {
    const calls = setup();
    renderAt('/member/personalHistoryCopy');
    expect(await screen.findByRole('heading', { name: 'Betting record', level: 1 }, { timeout: 5000 })).toBeTruthy();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('25 rounds · amounts in PHP')).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(20);
    const first = within(rows[0]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(first).toEqual([
      '01/05/2024 18:00:00',
      'Lucky Dragon#h1',
      'SEA Games',
      '20.00',
      '50.00',
      '+30.00',
      '3 dragons on line 7Verify',
      'Open',
    ]);
    // In-house rounds link to the verifier with their house round id.
    expect(
      within(rows[0]!)
        .getByRole('link', { name: /^Verify round h1/ })
        .getAttribute('href'),
    ).toBe('/fairness?round=1');
    expect(within(rows[1]!).getByText('Rolled back')).toBeTruthy();
    expect(within(rows[1]!).getByText('-20.00')).toBeTruthy();
    // Phones: a compact row per round (game, stake, result, time) opening its details.
    const list = screen.getByRole('list', { name: '25 rounds · amounts in PHP' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(20);
    const summary = items[2]!.querySelector('summary')!;
    expect([...summary.children].map((c) => c.textContent)).toEqual([
      'Lucky Dragon',
      '20.00',
      '+30.00',
      '01/05/2024 18:00:00',
    ]);
    expect(items[0]!.querySelector('summary .bet-item__net')!.textContent).toBe('Open');
    expect(items[2]!.querySelector('details')!.open).toBe(false);
    await userEvent.click(summary);
    expect(items[2]!.querySelector('details')!.open).toBe(true);
    expect(within(items[2]!).getByText('Payout').nextElementSibling!.textContent).toBe('50.00');
    expect(within(items[2]!).getByRole('link', { name: /^Verify round h3/ })).toBeTruthy();
    // Totals: 25 × 20.00 staked, 13 × 50.00 paid.
    expect(screen.getByText('Total stake').nextElementSibling!.textContent).toBe('500.00');
    expect(screen.getByText('Total payout').nextElementSibling!.textContent).toBe('650.00');
    expect(screen.getByText('Win / loss', { selector: 'dt' }).nextElementSibling!.textContent).toBe('+150.00');
    const last7 = quickRange('last7', new Date(), baseStatus.timezone);
    expect(calls[0]!.get('from')).toBe(last7.from);
    expect(calls[0]!.get('to')).toBe(last7.to);
    expect(calls[0]!.get('pageSize')).toBe('20');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(6));
    expect(calls.at(-1)!.get('pageNo')).toBe('2');
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    // The demo vendor's rounds are not ours to verify.
    expect(within(screen.getByRole('table')).queryAllByRole('link')).toHaveLength(0);
  });

  it('filters by category, vendor and status (back to page 1), and by date range', async () => {
    const calls = setup();
    renderAt('/member/personalHistoryCopy');
    await screen.findByRole('table', {}, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.at(-1)!.get('pageNo')).toBe('2'));

    await userEvent.selectOptions(screen.getByLabelText('Game category'), 'LIVE');
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(6));
    expect(calls.at(-1)!.get('gameType')).toBe('LIVE');
    expect(calls.at(-1)!.get('pageNo')).toBe('1');
    expect(within(screen.getByRole('table')).getAllByText('Demo Baccarat', { exact: false })).toHaveLength(5);

    await userEvent.selectOptions(screen.getByLabelText('Game category'), 'all');
    const vendorSelect = screen.getByLabelText('Vendor');
    await waitFor(() => expect(within(vendorSelect).getByRole('option', { name: 'Demo vendor' })).toBeTruthy());
    await userEvent.selectOptions(vendorSelect, 'SEA');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'rolled_back');
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(calls.at(-1)!.get('vassalage')).toBe('SEA');
    expect(calls.at(-1)!.get('status')).toBe('rolled_back');

    await userEvent.click(screen.getByRole('button', { name: 'Yesterday' }));
    const y = quickRange('yesterday', new Date(), baseStatus.timezone);
    await waitFor(() => expect(calls.at(-1)!.get('from')).toBe(y.from));
    expect(calls.at(-1)!.get('to')).toBe(y.to);

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'open');
    await userEvent.selectOptions(screen.getByLabelText('Vendor'), 'DEMO');
    expect(await screen.findByText('No bets in this period.')).toBeTruthy();
  });
});
