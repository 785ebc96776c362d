import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { renderAt } from '../test/render.tsx';
import { ok, server } from '../test/server.ts';
import { useSession } from '../state/session.ts';

describe('routes', () => {
  it('home renders header, navigation and footer landmarks', async () => {
    renderAt('/');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(await screen.findByText('© 2024 Test Casino. All rights reserved.')).toBeTruthy();
  });

  it('a protected route without a token redirects to /login → / with the login popup open', async () => {
    useSession.getState().clear();
    const router = renderAt('/lottery');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Log in' })).toBeTruthy();
  });

  it('a protected route with a token renders its page', async () => {
    useSession.getState().setToken('t0k3n');
    renderAt('/member/depositv2');
    expect(await screen.findByRole('heading', { name: 'Deposit', level: 1 })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Member centre' });
    expect(within(menu).getByRole('link', { name: 'Deposit' }).getAttribute('aria-current')).toBe('page');
    expect(within(menu).getAllByRole('link')).toHaveLength(16);
    useSession.getState().clear();
  });

  it('centre pages outside the spec list are a 404; /agentHome opens the agent centre', async () => {
    useSession.getState().setToken('t0k3n');
    renderAt('/member/noSuchPage');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    cleanup();
    const figures = {
      validBet: '0',
      payout: '0',
      profit: '0',
      betCount: 0,
      deposits: '0',
      withdrawals: '0',
      activeMembers: 0,
    };
    server.use(
      http.get('*/wps/member/info', () =>
        ok({
          id: '9',
          account: 'agent9',
          nickname: null,
          type: 1,
          isAgent: true,
          isTrial: false,
          language: 'en',
          mobile: null,
          email: null,
          lastLoginAt: null,
          previousLoginAt: null,
        }),
      ),
      http.get('*/wps/agent/team/overview', () =>
        ok({
          ...figures,
          from: '2026-11-26',
          to: '2026-11-26',
          members: 1,
          directMembers: 0,
          newMembers: 0,
          currency: 'PHP',
          exponent: 2,
          freshAsOf: null,
        }),
      ),
      http.get('*/wps/agent/report/revenue', () =>
        ok({ from: '2026-11-26', to: '2026-11-26', days: [], totals: figures }),
      ),
    );
    renderAt('/agentHome');
    expect(await screen.findByRole('heading', { name: 'Team overview', level: 1 })).toBeTruthy();
    expect(await screen.findByLabelText('Team figures (PHP)')).toBeTruthy();
    useSession.getState().clear();
  });

  it('the member centre offers no unbuilt page; unknown paths a 404', async () => {
    useSession.getState().setToken('t0k3n');
    renderAt('/member/messageV2');
    const menu = await screen.findByRole('navigation', { name: 'Member centre' });
    for (const name of ['Referral', 'Join us']) expect(screen.queryByRole('link', { name }), name).toBeNull();
    expect(within(menu).getByRole('link', { name: 'Messages' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByText('Coming soon')).toBeNull();
    useSession.getState().clear();
    cleanup();
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('/join is the join area (lazy-loaded), not a redirect', async () => {
    server.use(http.get('*/wps/join/public', () => ok({ currency: 'PHP', exponent: 2, list: [] })));
    const router = renderAt('/join');
    expect(await screen.findByRole('heading', { name: 'Join promotions', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/join');
  });

  it('/help#deposit opens the help centre on that article', async () => {
    renderAt('/help#deposit');
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('heading', { name: 'How to deposit', level: 3 })).toBeTruthy();
  });

  it('switching the language re-renders the texts and is remembered', async () => {
    renderAt('/');
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'ty');
    expect(await screen.findByRole('link', { name: 'Trang chủ' })).toBeTruthy();
    expect(localStorage.getItem('i18nextLng')).toBe('ty');
    expect(document.documentElement.lang).toBe('vi');
    await i18n.changeLanguage('en');
  });
});

describe('agent centre', () => {
  it('tells a logged-in non-agent that agent pages are for agents and how to become one', async () => {
    useSession.getState().setToken('t0k3n');
    renderAt('/agent/agentTeamOverview');
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'The agent centre is for agents: they invite players, follow their team and earn commission.',
    );
    expect(screen.queryByText('Non-agents cannot log in.')).toBeNull();
    expect(screen.getByText(/To become an agent, ask customer service/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Become an agent' }).getAttribute('href')).toBe('#cs');
  });
});

describe('member centre menu', () => {
  it('folds into a button naming the current page that opens every entry, and closes on a choice', async () => {
    useSession.getState().setToken('t0k3n');
    renderAt('/member/transactionHistory');
    const menu = await screen.findByRole('navigation', { name: 'Member centre' });
    const toggle = within(menu).getByRole('button', { name: /Transaction history.*All pages/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(menu.className).not.toContain('centre__menu--open');
    const user = userEvent.setup();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(menu.className).toContain('centre__menu--open');
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(list).getAllByRole('link')).toHaveLength(16);
    await user.click(within(list).getByRole('link', { name: 'Withdraw' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() =>
      expect(within(menu).getByRole('link', { name: 'Withdraw' }).getAttribute('aria-current')).toBe('page'),
    );
  });

  it('shows every entry at once on the landing page of the centre', async () => {
    useSession.getState().setToken('t0k3n');
    renderAt('/member');
    const menu = await screen.findByRole('navigation', { name: 'Member centre' });
    expect(
      within(menu)
        .getByRole('button', { name: /All pages/ })
        .getAttribute('aria-expanded'),
    ).toBe('true');
  });
});

describe('titles match their menus', () => {
  it('game centres are named once ("Card games", not "Card games games")', async () => {
    renderAt('/pvp');
    expect(await screen.findByRole('heading', { level: 1, name: 'Card games' })).toBeTruthy();
  });

  it('/fbSports is the sports centre, not a placeholder', async () => {
    renderAt('/fbSports');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sports' })).toBeTruthy();
    expect(screen.queryByText('Coming soon')).toBeNull();
  });

  it('the profit page is titled as its menu entry', async () => {
    useSession.getState().setToken('t0k3n');
    renderAt('/member/personalProfit');
    const menu = await screen.findByRole('navigation', { name: 'Member centre' });
    const entry = within(menu).getByRole('link', { name: 'Profit and loss' });
    expect(entry.getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('heading', { level: 1, name: entry.textContent! })).toBeTruthy();
  });
});
