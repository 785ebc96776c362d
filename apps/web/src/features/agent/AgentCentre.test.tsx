import { defaultFeatureFlags } from '@sea/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { quickRange } from '../../lib/date-ranges.ts';
import { useSession } from '../../state/session.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';

const fail = (code: string, message: string, value: unknown = null, status = 400) =>
  HttpResponse.json({ success: false, value, message, code }, { status });

const figures = {
  validBet: '1234500',
  payout: '1000000',
  profit: '-234500',
  betCount: 12,
  deposits: '500000',
  withdrawals: '100000',
  activeMembers: 3,
};

const agentInfo = {
  id: '9',
  account: 'demoagent',
  nickname: null,
  type: 1,
  isAgent: true,
  isTrial: false,
  language: 'en',
  mobile: null,
  email: null,
  lastLoginAt: null,
  previousLoginAt: null,
};

function asAgent() {
  server.use(http.get('*/wps/member/info', () => ok(agentInfo)));
  useSession.getState().setToken('t'.repeat(43));
}

const member = (over: Record<string, unknown> = {}) => ({
  id: '21',
  account: 'downa',
  nickname: null,
  type: 0,
  isAgent: false,
  depth: 1,
  uplineAccount: 'demoagent',
  rebatePoint: '5.0',
  status: 'active',
  teamSize: 1,
  createdAt: '2026-11-01T10:00:00Z',
  lastLoginAt: null,
  ...over,
});

const contract = (over: Record<string, unknown> = {}) => ({
  id: '77',
  type: 'daily_wage',
  period: 'daily',
  cumulative: false,
  minSingleBet: '0',
  status: 'pending',
  uplineAccount: 'demoagent',
  agentAccount: 'downa',
  tiers: [1, 2, 3].map((level) => ({
    level,
    minValidBet: String(level * 100000),
    minActive: level,
    minProfit: '0',
    rateBp: level * 50,
    lossRateBp: null,
  })),
  createdAt: '2026-11-20T10:00:00Z',
  decidedAt: null,
  endedAt: null,
  endReason: null,
  currency: 'PHP',
  exponent: 2,
  ...over,
});

describe('agent centre', () => {
  it('agent login: the agent form logs in with area agent and lands on /agentHome', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/wps/session/login', async ({ request }) => {
        bodies.push(await request.json());
        return ok({ token: 't'.repeat(43), firstTimeLogin: false, passwordExpired: false, previousLoginAt: null });
      }),
      http.get('*/wps/member/info', () => ok(agentInfo)),
      http.get('*/wps/agent/team/overview', () =>
        ok({
          ...figures,
          from: '2026-11-26',
          to: '2026-11-26',
          members: 7,
          directMembers: 2,
          newMembers: 1,
          currency: 'PHP',
          exponent: 2,
          freshAsOf: null,
        }),
      ),
      http.get('*/wps/agent/report/revenue', () =>
        ok({ from: '2026-11-26', to: '2026-11-26', days: [], totals: figures }),
      ),
    );
    const router = renderAt('/agentLogin');
    const dialog = await screen.findByRole('dialog', { name: 'Agent login' });
    expect(within(dialog).queryByLabelText(/Remember me/)).toBeNull();
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText(/Username/), 'demoagent');
    await user.type(within(dialog).getByLabelText(/Password/), 'secret1');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agentHome'));
    expect(bodies[0]).toMatchObject({ type: 'username', area: 'agent', username: 'demoagent' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Team overview' })).toBeTruthy();
  });

  it('a non-agent is refused by the agent form with the server message', async () => {
    server.use(http.post('*/wps/session/login', () => fail('non_agent_login', 'Non-agents cannot log in.', null, 403)));
    renderAt('/agentLogin');
    const dialog = await screen.findByRole('dialog', { name: 'Agent login' });
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText(/Username/), 'member7');
    await user.type(within(dialog).getByLabelText(/Password/), 'secret1');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await within(dialog).findByText('Non-agents cannot log in.')).toBeTruthy();
    expect(useSession.getState().token).toBeNull();
  });

  it('overview: figures of the period, the chart with its table, a new period asks again', async () => {
    asAgent();
    const calls: URLSearchParams[] = [];
    server.use(
      http.get('*/wps/agent/team/overview', ({ request }) => {
        const q = new URL(request.url).searchParams;
        calls.push(q);
        return ok({
          ...figures,
          from: q.get('from'),
          to: q.get('to'),
          members: 7,
          directMembers: 2,
          newMembers: 1,
          currency: 'PHP',
          exponent: 2,
          freshAsOf: null,
        });
      }),
      http.get('*/wps/agent/report/revenue', ({ request }) => {
        // A three-day period with two active days: the chart has a bar slot for the quiet day too.
        expect(new URL(request.url).searchParams.get('to')).toBeTruthy();
        return ok({
          from: '2026-11-24',
          to: '2026-11-26',
          days: [
            { ...figures, day: '2026-11-25' },
            { ...figures, profit: '50000', day: '2026-11-26' },
          ],
          totals: figures,
        });
      }),
    );
    renderAt('/agentHome');
    const tiles = await screen
      .findByRole('region', { name: 'Team figures (PHP)' })
      .catch(() => screen.findByLabelText('Team figures (PHP)'));
    const tile = (name: string) => within(tiles).getByText(name).nextElementSibling!.textContent;
    expect(tile('Team members')).toBe('7 (2 direct)');
    expect(tile('Valid bets')).toBe('12,345.00');
    expect(tile('Team win/loss (players)')).toBe('-2,345.00');
    // Whose result it is, in words.
    expect(screen.getByText(/below zero, your players lost that amount/)).toBeTruthy();
    const today = quickRange('today', new Date(), 'Asia/Manila');
    expect(calls[0]!.get('from')).toBe(today.from);
    const chart = await screen.findByRole('img', { name: /Team P&L by day/ });
    expect(chart.querySelectorAll('rect')).toHaveLength(3);
    expect(chart.querySelectorAll('.agent-chart__bar--neg')).toHaveLength(1);
    // An axis with values (the largest day either way and zero), the bars' values, dates, a legend.
    const figure = chart.closest('figure')!;
    expect([...figure.querySelectorAll('.agent-chart__y span')].map((e) => e.textContent)).toEqual([
      '2,345.00',
      '0.00',
      '-2,345.00',
    ]);
    expect([...figure.querySelectorAll('.agent-chart__value')].map((e) => e.textContent)).toEqual([
      '-2,345.00',
      '500.00',
    ]);
    expect(figure.querySelectorAll('.agent-chart__x span').length).toBeGreaterThan(1);
    expect(within(figure).getByText(/green: your players won · red: your players lost/)).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(4); // head, two days, total
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Previous 7 days' }));
    const week = quickRange('last7', new Date(), 'Asia/Manila');
    await waitFor(() => expect(calls.at(-1)!.get('from')).toBe(week.from));
  });

  it('team betting: a lottery bet shows its game, vendor and issue next to a game round', async () => {
    asAgent();
    const row = {
      account: 'downa',
      vendorCode: 'SEA',
      vendorName: 'SEA Games',
      gameId: '5',
      stake: '2000',
      payout: '3920',
      startedAt: '2026-11-26T04:00:10Z',
      settledAt: '2026-11-26T04:02:01Z',
    };
    server.use(
      http.get('*/wps/agent/team/bets', () =>
        ok({
          rows: [
            {
              ...row,
              id: 'LB0001',
              gameName: 'Fast 5D · 1 min',
              category: 'ELOTT',
              roundRef: 'LB0001',
              summary: '20261126-0722 · ssc.bsoe.sum big, small',
              status: 'settled',
            },
            {
              ...row,
              id: '41',
              vendorCode: 'DEMO',
              vendorName: 'Demo Live',
              gameId: null,
              gameName: null,
              category: null,
              roundRef: 'r-41',
              summary: null,
              stake: '10000',
              payout: '0',
              status: 'rolled_back',
            },
          ],
          total: 2,
          pageNo: 1,
          pageSize: 20,
          currency: 'PHP',
          exponent: 2,
        }),
      ),
    );
    renderAt('/agent/personalHistoryCopy');
    const table = await screen.findByRole('table', undefined, { timeout: 10_000 });
    const [, lottery, round] = within(table).getAllByRole('row');
    const cells = (tr: HTMLElement) =>
      within(tr)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    // Time, game (name, then vendor and what was bet on), stake, payout, status.
    expect(cells(lottery!).slice(1)).toEqual([
      'Fast 5D · 1 minSEA Games · 20261126-0722 · ssc.bsoe.sum big, small',
      '20.00',
      '39.20',
      'Settled',
    ]);
    // Without a catalogue game the vendor's name stands in.
    expect(cells(round!).slice(1)).toEqual(['Demo Live', '100.00', '0.00', 'Rolled back']);
  });

  it('downlines: search, lock after confirmation, rebate error from the server next to the field', async () => {
    asAgent();
    const queries: URLSearchParams[] = [];
    let locked: string | null = null;
    server.use(
      http.get('*/wps/agent/downline', ({ request }) => {
        const q = new URL(request.url).searchParams;
        queries.push(q);
        return ok({ rows: [member({ status: locked ? 'disabled' : 'active' })], total: 1, pageNo: 1, pageSize: 20 });
      }),
      http.post('*/wps/agent/downline/:id/lock', ({ params }) => {
        locked = params.id as string;
        return ok({ id: params.id, status: 'disabled' });
      }),
      http.put('*/wps/agent/downline/:id/rebate', () =>
        fail('validation_failed', 'Invalid', {
          fields: [{ field: 'rebatePoint', reason: 'too_big', message: 'At most 8.0' }],
        }),
      ),
    );
    renderAt('/agent/downlineManagmentView');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('downa')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Account' }), 'dow');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(queries.at(-1)!.get('search')).toBe('dow'));

    await user.click(screen.getByRole('button', { name: 'Lock downa' }));
    const confirm = await screen.findByRole('dialog', { name: 'Lock downa' });
    expect(locked).toBeNull();
    await user.click(within(confirm).getByRole('button', { name: 'Lock' }));
    await waitFor(() => expect(locked).toBe('21'));
    expect(await screen.findByText('Locked')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Rebate point of downa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rebate point of downa' });
    const field = within(dialog).getByLabelText(/Rebate point/);
    await user.clear(field);
    await user.type(field, '12.55');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Use a number such as 12 or 12.5.')).toBeTruthy();
    await user.clear(field);
    await user.type(field, '9');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('At most 8.0')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('register centre: registers a downline and lists, creates and deletes affiliate links', async () => {
    asAgent();
    const created: unknown[] = [];
    let links = [
      {
        id: '3',
        code: 'ABC123',
        kind: 'member',
        rebatePoint: '2.0',
        note: null,
        registrations: 4,
        createdAt: '2026-11-01T00:00:00Z',
      },
    ];
    server.use(
      http.post('*/wps/agent/downline', async ({ request }) => {
        created.push(await request.json());
        return ok(member({ account: 'newbie', isAgent: true }));
      }),
      http.get('*/wps/agent/affiliate/links', () => ok({ ownCode: 'OWN1', links })),
      http.delete('*/wps/agent/affiliate/links/:id', ({ params }) => {
        links = links.filter((l) => l.id !== params.id);
        return ok(null);
      }),
    );
    renderAt('/agent/registerCenter');
    const form = (await screen.findByRole('heading', { name: 'Register a downline' })).closest('section')!;
    const user = userEvent.setup();
    await user.type(within(form as HTMLElement).getByRole('textbox', { name: /^Account/ }), 'newbie');
    await user.type(within(form as HTMLElement).getByLabelText(/Password/), 'secret12');
    await user.selectOptions(within(form as HTMLElement).getByLabelText(/Account type/), 'agent');
    const rebate = within(form as HTMLElement).getByLabelText(/Rebate point/);
    await user.clear(rebate);
    await user.type(rebate, '3.5');
    await user.click(within(form as HTMLElement).getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Account newbie registered.')).toBeTruthy();
    expect(created[0]).toMatchObject({ account: 'newbie', password: 'secret12', kind: 'agent', rebatePoint: '3.5' });

    expect(await screen.findByText('ABC123')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete link ABC123' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No affiliate links yet.')).toBeTruthy();
  });

  it('contract offer: tiers must strictly increase (checked before sending), then the offer is sent', async () => {
    asAgent();
    const offers: unknown[] = [];
    server.use(
      http.get('*/wps/agent/downline', () => ok({ rows: [member()], total: 1, pageNo: 1, pageSize: 100 })),
      http.post('*/wps/agent/contract/offer', async ({ request }) => {
        offers.push(await request.json());
        return ok(contract());
      }),
    );
    renderAt('/agent/contractRequest');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Direct downline/), 'downa');
    const bets = screen.getAllByLabelText(/Team valid bet from/);
    const rates = screen.getAllByLabelText(/Rate \(%\)/);
    expect(bets).toHaveLength(3);
    for (const [i, v] of ['1000', '5000', '5000'].entries()) await user.type(bets[i]!, v);
    for (const [i, v] of ['0.5', '1', '1.5'].entries()) await user.type(rates[i]!, v);
    await user.click(screen.getByRole('button', { name: 'Send the offer' }));
    expect(await screen.findByText('Must be higher than the tier before.')).toBeTruthy();
    expect(offers).toHaveLength(0);
    await user.clear(bets[2]!);
    await user.type(bets[2]!, '9000');
    await user.click(screen.getByRole('button', { name: 'Send the offer' }));
    expect(await screen.findByText('Offer sent to downa.')).toBeTruthy();
    expect(offers[0]).toEqual({
      downlineAccount: 'downa',
      type: 'daily_wage',
      tiers: [
        { minValidBet: '1000', minActive: 0, rate: '0.5' },
        { minValidBet: '5000', minActive: 0, rate: '1' },
        { minValidBet: '9000', minActive: 0, rate: '1.5' },
      ],
    });
  });

  it('contract popup: a logged-in member with a waiting offer sees it and accepts', async () => {
    useSession.getState().setToken('t'.repeat(43));
    let accepted = false;
    server.use(
      http.get('*/wps/agent/contract/pending', () =>
        ok({
          list: accepted ? [] : [contract()],
          flags: {
            dailysalreqtype: !accepted,
            divtypereq: false,
            contracthoursalreq: false,
            realtimesalreqtype: false,
          },
        }),
      ),
      http.post('*/wps/agent/contract/:id/accept', ({ params }) => {
        accepted = params.id === '77';
        return ok({ contract: contract({ status: 'active' }), invalidated: [] });
      }),
    );
    renderAt('/');
    const dialog = await screen.findByRole('dialog', { name: 'Contract offer' });
    expect(within(dialog).getByText('demoagent offers you a Daily wage contract (Daily).')).toBeTruthy();
    expect(within(dialog).getAllByRole('row')).toHaveLength(4);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(accepted).toBe(true);
  });

  it('settlement records of a contract type', async () => {
    asAgent();
    const types: (string | null)[] = [];
    server.use(
      http.get('*/wps/agent/contract/settlements', ({ request }) => {
        types.push(new URL(request.url).searchParams.get('type'));
        return ok({
          list: [
            {
              id: '1',
              contractId: '77',
              type: 'daily_wage',
              periodStart: '2026-11-24T16:00:00Z',
              periodEnd: '2026-11-25T16:00:00Z',
              validBet: '900000',
              profit: '0',
              activeMembers: 3,
              tier: 2,
              rateBp: 100,
              amount: '9000',
              status: 'paid',
              agentAccount: 'demoagent',
              payerAccount: null,
            },
          ],
          total: 1,
          pageNo: 1,
          pageSize: 20,
          currency: 'PHP',
          exponent: 2,
        });
      }),
    );
    renderAt('/agent/dailyWages');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('90.00')).toBeTruthy();
    expect(within(table).getByText('1%')).toBeTruthy();
    expect(within(table).getByText('Paid')).toBeTruthy();
    expect(types[0]).toBe('daily_wage');
  });

  it('the menu lists only the settlement pages of contract types held; another one by URL says why it is empty', async () => {
    asAgent();
    let settlementsAsked = false;
    server.use(
      http.get('*/wps/agent/contract/types', () => ok({ types: ['dividend'] })),
      http.get('*/wps/agent/contract/settlements', () => {
        settlementsAsked = true;
        return ok({ list: [], total: 0, pageNo: 1, pageSize: 20, currency: 'PHP', exponent: 2 });
      }),
    );
    renderAt('/agent/hourlySalary');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hourly salary' })).toBeTruthy();
    expect(
      await screen.findByText(/You have no Hourly salary contract and never had one, so there are no records here/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your contracts' }).getAttribute('href')).toBe('/agent/contractList');
    const menu = screen.getByRole('navigation', { name: 'Agent centre' });
    await waitFor(() => expect(within(menu).getByRole('link', { name: 'Dividend record' })).toBeTruthy());
    expect(within(menu).queryByRole('link', { name: 'Daily wages' })).toBeNull();
    expect(within(menu).queryByRole('link', { name: 'Real-time salary' })).toBeNull();
    // the page being shown stays in the menu (current)
    expect(within(menu).getByRole('link', { name: 'Hourly salary' }).getAttribute('aria-current')).toBe('page');
    await userEvent.setup().click(within(menu).getByRole('link', { name: 'Dividend record' }));
    expect(await screen.findByText('No settlements yet.')).toBeTruthy();
    expect(settlementsAsked).toBe(true);
    expect(within(menu).queryByRole('link', { name: 'Hourly salary' })).toBeNull();
  });

  it('downline transfers: a transfer link per downline opens the form with that member chosen; also from transactions', async () => {
    asAgent();
    server.use(
      http.get('*/wps/agent/downline', () => ok({ rows: [member()], total: 1, pageNo: 1, pageSize: 20 })),
      http.get('*/wps/agent/team/transactions', () => ok({ rows: [], total: 0, pageNo: 1, pageSize: 20 })),
    );
    const router = renderAt('/agent/downlineManagmentView');
    const link = await screen.findByRole('link', { name: 'Transfer money to downa' });
    expect(link.getAttribute('href')).toBe('/member/transferUpline?to=downa');
    await router.navigate('/agent/agentDownlineTransactionDetailsCopy');
    const toForm = await screen.findByRole('link', { name: 'Transfer to a downline' });
    expect(toForm.getAttribute('href')).toBe('/member/transferUpline');
  });

  it('announcements: list with unread markers, the detail (HTML) marks it read', async () => {
    asAgent();
    let unread = true;
    const reads: string[] = [];
    server.use(
      http.get('*/wps/agent/announcements', () =>
        ok({
          list: [
            { id: '5', title: 'New wage tiers', startDateStr: 1_764_000_000_000, promotionType: null, unread },
            { id: '4', title: 'Old news', startDateStr: 1_763_000_000_000, promotionType: null, unread: false },
          ],
          total: 2,
          unreadCount: unread ? 1 : 0,
          pageNo: 1,
          pageSize: 20,
        }),
      ),
      http.get('*/wps/agent/announcements/:id', ({ params }) =>
        ok({
          id: params.id,
          title: 'New wage tiers',
          startDateStr: 1_764_000_000_000,
          promotionType: null,
          unread,
          content: '<p>Rates <b>up</b></p>',
        }),
      ),
      http.post('*/wps/agent/announcements/:id/read', ({ params }) => {
        reads.push(String(params.id));
        unread = false;
        return ok({ unread: false });
      }),
    );
    const router = renderAt('/agent/agentAnnouncement');
    expect(await screen.findByRole('heading', { level: 1, name: 'Agent announcements' })).toBeTruthy();
    expect(await screen.findByText('2 announcements · 1 unread')).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Agent centre' });
    expect(await within(menu).findByRole('link', { name: 'Agent announcements (1 unread)' })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Agent announcements' });
    const items = within(list).getAllByRole('link');
    expect(within(items[0]!).getByText('New')).toBeTruthy();
    expect(within(items[1]!).queryByText('New')).toBeNull();
    await userEvent.setup().click(items[0]!);
    expect(router.state.location.search).toBe('?id=5');
    expect(await screen.findByRole('heading', { level: 1, name: 'New wage tiers' })).toBeTruthy();
    expect(screen.getByText('up').tagName).toBe('B');
    // (sanitising is DOMPurify's, checked in Chromium by e2e/tests/agents.test.ts: happy-dom cannot run it faithfully)
    await waitFor(() => expect(reads).toEqual(['5']));
    await userEvent.setup().click(screen.getByRole('link', { name: 'All announcements' }));
    expect(await screen.findByText('2 announcements')).toBeTruthy();
    expect(screen.queryByText('New')).toBeNull();
    expect(within(menu).getByRole('link', { name: 'Agent announcements' })).toBeTruthy();
  });

  it('announcements: empty state', async () => {
    asAgent();
    server.use(
      http.get('*/wps/agent/announcements', () => ok({ list: [], total: 0, unreadCount: 0, pageNo: 1, pageSize: 20 })),
    );
    renderAt('/agent/agentAnnouncement');
    expect(await screen.findByText('No announcements for agents yet.')).toBeTruthy();
    expect(screen.queryByText(/Coming soon/i)).toBeNull();
  });
});

describe('agent policy (AGENTPOLICY3)', { timeout: 20_000 }, () => {
  it("on: the agent centre lists it and shows the operator's articles", async () => {
    asAgent();
    server.use(
      http.get('*/wps/agent/policy', () =>
        ok({
          articles: [
            { tag: 'c', title: 'Rebate and commission', content: '<p>Up to 12.0 %</p>' },
            { tag: 'r', title: 'Rules', content: '<ul><li>One account per person.</li></ul>' },
          ],
        }),
      ),
    );
    renderAt('/agent/agentPolicy');
    expect(await screen.findByRole('heading', { name: 'Rebate and commission', level: 2 })).toBeTruthy();
    expect(screen.getByText('One account per person.')).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Agent centre' });
    expect(within(menu).getByRole('link', { name: 'Agent policy' }).getAttribute('href')).toBe('/agent/agentPolicy');
  });

  it('off: not in the menu, and its address is a page not found', async () => {
    asAgent();
    server.use(http.get('*/wps/system/whitelabel', () => ok({ ...defaultFeatureFlags(), AGENTPOLICY3: false })));
    renderAt('/agent/agentPolicy');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    renderAt('/agent/agentTeamOverview');
    const menu = await screen.findByRole('navigation', { name: 'Agent centre' });
    expect(within(menu).getByRole('link', { name: 'Team overview' })).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: 'Agent policy' })).toBeNull();
  });
});
