import { defaultFeatureFlags, type ReferralOverview } from '@sea/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { QRCodeSVG } from 'qrcode.react';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '../../state/session.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';

const overview = (over: Partial<ReferralOverview> = {}): ReferralOverview => ({
  enabled: true,
  code: 'ABCD2345',
  link: '/?referralCode=ABCD2345',
  rules: {
    minFirstDeposit: '10000',
    turnover: '20000',
    withinDays: 30,
    referrerReward: '5000',
    refereeReward: '0',
    monthlyCap: 20,
    payAs: 'cash',
    bonusTerms: null,
  },
  friends: [
    { username: 'fr***1', joinedAt: '2026-11-20T04:00:00.000Z', status: 'rewarded' },
    { username: 'ja***e', joinedAt: '2026-11-21T04:00:00.000Z', status: 'flagged' },
  ],
  rewardedCount: 1,
  rewardsEarned: '5000',
  ...over,
});
const flags = (on: boolean) =>
  http.get('*/wps/system/whitelabel', () => ok({ ...defaultFeatureFlags(), REFERRALPROMO3: on }));

describe('referral page', () => {
  it('shows the code and link to copy, the rules, friends with their status and the rewards earned', async () => {
    server.use(
      flags(true),
      http.get('*/wps/referral', () => ok(overview())),
    );
    useSession.getState().setToken('t'.repeat(43));
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAt('/member/referral');
    expect(await screen.findByRole('heading', { name: 'Refer a friend', level: 1 })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Member centre' });
    expect((await within(menu).findByRole('link', { name: 'Refer a friend' })).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(((await screen.findByLabelText('Your referral code')) as HTMLInputElement).value).toBe('ABCD2345');
    const link = `${window.location.origin}/?referralCode=ABCD2345`;
    expect((screen.getByLabelText('Your referral link') as HTMLInputElement).value).toBe(link);
    await user.click(screen.getByRole('button', { name: 'Copy Your referral link' }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await screen.findByText('Copied.')).toBeTruthy();
    // The QR code encodes the same link: its modules are those of a QR code of that link and no other.
    const qrPath = (el: Element) => [...el.querySelectorAll('path')].map((p) => p.getAttribute('d')).join('|');
    const shown = qrPath(screen.getByRole('img', { name: 'QR code of your referral link' }));
    const expected = render(<QRCodeSVG value={link} size={144} marginSize={2} />).container.querySelector('svg')!;
    expect(shown).toBe(qrPath(expected));
    const other = render(<QRCodeSVG value={`${link}X`} size={144} marginSize={2} />).container.querySelector('svg')!;
    expect(shown).not.toBe(qrPath(other));
    expect(screen.getByText(/first deposit of at least PHP 100\.00/)).toBeTruthy();
    expect(screen.getByText(/at least PHP 200\.00 within 30 days/)).toBeTruthy();
    expect(screen.getByText('At most 20 rewarded friends per month.')).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('fr***1')).toBeTruthy();
    expect(within(rows[1]!).getByText('Rewarded')).toBeTruthy();
    expect(within(rows[2]!).getByText('Under review')).toBeTruthy();
    expect(screen.getByText('PHP 50.00')).toBeTruthy();
    expect(screen.queryByTestId('pay-as')).toBeNull(); // paid as cash: nothing more said
    useSession.getState().clear();
  });

  it('says beside the rewards when the programme pays them as bonus money', async () => {
    const rules = overview().rules;
    const bonus = {
      payAs: 'bonus' as const,
      bonusTerms: { multiplier: 3, maxConversion: null, maxStake: '2000', expiryDays: 5 },
    };
    server.use(
      flags(true),
      http.get('*/wps/referral', () => ok(overview({ rules: { ...rules, refereeReward: '1000', ...bonus } }))),
    );
    useSession.getState().setToken('t'.repeat(43));
    renderAt('/member/referral');
    const mine = await screen.findByText(/You then receive PHP 50\.00/);
    expect(within(mine.closest('li')!).getByTestId('pay-as').textContent).toBe(
      'Bonus money: wager 3× within 5 days · max stake PHP 20.00',
    );
    expect(screen.getAllByTestId('pay-as')).toHaveLength(2); // the friend's reward too
    useSession.getState().clear();
  });

  it('says when no friend has joined, and shows an error when the page cannot load', async () => {
    server.use(
      flags(true),
      http.get('*/wps/referral', () => ok(overview({ friends: [], rewardedCount: 0, rewardsEarned: '0' }))),
    );
    useSession.getState().setToken('t'.repeat(43));
    renderAt('/member/referral');
    expect(await screen.findByText('No friends have registered with your link yet.')).toBeTruthy();
    cleanup();
    server.use(
      http.get('*/wps/referral', () =>
        HttpResponse.json({ success: false, value: null, message: 'Down', code: 'internal_error' }, { status: 500 }),
      ),
    );
    renderAt('/member/referral');
    expect(await screen.findByText('Could not load your referral page.')).toBeTruthy();
    useSession.getState().clear();
  });

  it('is not listed, and not opened, while the programme flag is off', async () => {
    server.use(
      flags(false),
      http.get('*/wps/referral', () => ok(overview())),
    );
    useSession.getState().setToken('t'.repeat(43));
    renderAt('/member/messageV2');
    const menu = await screen.findByRole('navigation', { name: 'Member centre' });
    expect(within(menu).queryByRole('link', { name: 'Refer a friend' })).toBeNull();
    useSession.getState().clear();
  });
});
