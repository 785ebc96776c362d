import type { ManualRebate, RebateRecords } from '@sea/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../state/session.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';

const view = (claimed: string, claimable: string): ManualRebate => ({
  day: '2026-11-20',
  currency: 'PHP',
  exponent: 2,
  rows: [{ category: 'LIVE', validBet: '4000000', rateBp: 80, accrued: '32000', claimed, claimable }],
  totalClaimable: claimable,
});
const noRecords: RebateRecords = { list: [], total: 0, pageNo: 1, pageSize: 10, currency: 'PHP', exponent: 2 };

function setup() {
  let current = view('0', '32000');
  let claims = 0;
  server.use(
    http.get('*/wps/rebate/manual', () => ok(current)),
    http.get('*/wps/rebate/records', () =>
      ok(
        claims === 0
          ? noRecords
          : {
              ...noRecords,
              total: 1,
              list: [
                {
                  day: '2026-11-20',
                  category: 'LIVE',
                  kind: 'claim',
                  validBet: '4000000',
                  rateBp: 80,
                  amount: '32000',
                  paidAt: '2026-11-20T04:00:00.000Z',
                },
              ],
            },
      ),
    ),
    http.post('*/wps/rebate/manual/claim', () => {
      claims += 1;
      current = view('32000', '0');
      return ok({ paid: claims === 1 ? '32000' : '0', rebate: current });
    }),
  );
  useSession.getState().setToken('t'.repeat(43));
  return { claims: () => claims };
}

describe('manual rebate page', () => {
  it("shows today's rebate per category, claims it, then shows it paid and in the records", async () => {
    const calls = setup();
    const user = userEvent.setup();
    renderAt('/member/manualRebate');
    const today = await screen.findByRole('region', { name: 'Today (20/11/2026)' });
    const row = within(today).getByRole('row', { name: /Live casino/ });
    expect(row.textContent).toContain('40,000.00');
    expect(row.textContent).toContain('0.8%');
    expect(row.textContent).toContain('320.00');
    expect(await screen.findByText('No rebates paid yet.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Claim PHP 320.00' }));
    expect(await screen.findByText('PHP 320.00 was added to your balance.')).toBeTruthy();
    expect(calls.claims()).toBe(1);
    expect(await screen.findByText('Claimed', { selector: 'td' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Claim PHP 0.00' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the empty state and a disabled claim when nothing was bet today', async () => {
    setup();
    server.use(http.get('*/wps/rebate/manual', () => ok({ ...view('0', '0'), rows: [] })));
    renderAt('/member/manualRebate');
    expect(await screen.findByText('Nothing to claim yet: place bets today to earn a rebate.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Claim PHP 0.00' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("says why when the claim fails, in the member's words", async () => {
    setup();
    server.use(
      http.post('*/wps/rebate/manual/claim', () =>
        HttpResponse.json({ success: false, value: null, message: 'x', code: 'in_need_true_account' }, { status: 403 }),
      ),
    );
    const user = userEvent.setup();
    renderAt('/member/manualRebate');
    await user.click(await screen.findByRole('button', { name: 'Claim PHP 320.00' }));
    expect((await screen.findByRole('alert')).textContent).not.toBe('');
  });
});
