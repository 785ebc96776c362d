import type { AdminRgView, MemberDetail, MemberSummary } from '@sea/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, meHandler, meOf, ok, recorder, renderAdmin, searchOf, server } from '../../test/render-admin.tsx';

const summary = (over: Partial<MemberSummary> = {}): MemberSummary => ({
  id: '42',
  account: 'juan42',
  nickname: 'Juan',
  type: 1,
  isAgent: false,
  status: 'active',
  mobile: '+63 9171234567',
  uplineAccount: 'agent7',
  rebatePoint: '1.5',
  registeredAt: '2026-11-20T02:00:00.000Z',
  lastLoginAt: '2026-11-28T03:00:00.000Z',
  lastLoginIp: '203.0.113.9',
  ...over,
});

const detail = (over: Partial<MemberDetail['status']> = {}): MemberDetail => ({
  profile: {
    id: '42',
    account: 'juan42',
    nickname: 'Juan',
    realName: 'Juan Dela Cruz',
    mobile: '+63 9171234567',
    email: null,
    type: 1,
    isAgent: false,
    isTrial: false,
    rebatePoint: '1.5',
    language: 'en',
    registeredAt: '2026-11-20T02:00:00.000Z',
    registrationIp: '203.0.113.1',
    invitationCode: 'AGENT7',
    affiliateCode: null,
    lastLoginAt: '2026-11-28T03:00:00.000Z',
    lastLoginIp: '203.0.113.9',
  },
  status: {
    status: 'active',
    lockReason: null,
    closedAt: null,
    anonymisedAt: null,
    loginLockedUntil: null,
    mustChangePassword: false,
    ...over,
  },
  balances: {
    currency: 'PHP',
    exponent: 2,
    main: { balance: '150000', available: '120000', held: '30000' },
    vendors: [{ vendorCode: 'DEMOT', balance: '5000', available: '5000', held: '0' }],
    total: '155000',
  },
  agentLine: [
    { account: 'agent7', depth: 1, type: 2 },
    { account: 'topagent', depth: 2, type: 2 },
  ],
  counts: { downlines: 0, directDownlines: 0, notes: 1, liveSessions: 2 },
});

const journals = {
  total: 1,
  pageNo: 1,
  pageSize: 20,
  currency: 'PHP',
  exponent: 2,
  timezone: 'Asia/Manila',
  items: [
    {
      id: 'e1',
      time: '2026-11-28T04:00:00.000Z',
      type: 'deposit',
      code: 'deposit',
      wallet: 'MAIN',
      amount: '100000',
      balanceAfter: '150000',
      status: 'completed',
      reference: 'DEP-7K3Q9M2X',
    },
  ],
};

describe('members', () => {
  // The member page's identity verification section (issue 25).
  beforeEach(() => {
    server.use(
      http.get('*/admin/api/members/:account/kyc', () =>
        ok({
          overall: 'pending',
          documents: [{ kind: 'id_front', status: 'pending', reason: null, uploadedAt: '2026-11-28T04:00:00.000Z' }],
        }),
      ),
    );
  });

  it('search: mode, query and status go into the URL and the API; rows link to the member; the total is capped', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    server.use(
      meHandler(),
      http.get('*/admin/api/members', async ({ request }) => {
        await calls.record(request);
        const q = new URL(request.url).searchParams;
        return q.get('q')
          ? ok({ items: [summary()], total: 1, totalCapped: false, pageNo: 1, pageSize: 20 })
          : ok({
              items: [summary(), summary({ id: '43', account: 'maria43', status: 'locked', uplineAccount: null })],
              total: 10_000,
              totalCapped: true,
              pageNo: 1,
              pageSize: 20,
            });
      }),
    );
    const { router } = renderAdmin('/members', { token: 't' });
    const row = await screen.findByRole('row', { name: /maria43/ });
    expect(within(row).getByText('Locked')).toBeTruthy();
    expect(screen.getByText('10,000+ members')).toBeTruthy();
    expect(calls.calls[0]!.query).toEqual({ pageNo: '1', pageSize: '20' });

    await user.selectOptions(screen.getByLabelText('Search by'), 'mobile');
    await user.type(screen.getByLabelText('Search'), '4567{Enter}');
    await waitFor(() => expect(searchOf(router)).toEqual({ by: 'mobile', q: '4567' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /maria43/ })).toBeNull());
    expect(calls.calls.at(-1)!.query).toEqual({ by: 'mobile', q: '4567', pageNo: '1', pageSize: '20' });
    await user.selectOptions(screen.getByLabelText('Status'), 'locked');
    await waitFor(() => expect(calls.calls.at(-1)!.query).toMatchObject({ status: 'locked', by: 'mobile' }));

    server.use(http.get('*/admin/api/members/:account', () => ok(detail())));
    await user.click(screen.getByRole('link', { name: 'juan42' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/members/juan42'));
    expect(await screen.findByText('Juan Dela Cruz')).toBeTruthy();
  });

  it('a bad search says what the server says; an empty result says so', async () => {
    const user = userEvent.setup();
    server.use(
      meHandler(),
      http.get('*/admin/api/members', ({ request }) =>
        new URL(request.url).searchParams.get('by') === 'ip'
          ? fail(400, 'validation_failed', 'q: An IPv4 or IPv6 address', {
              in: 'querystring',
              fields: [{ field: 'q', reason: 'custom', message: 'An IPv4 or IPv6 address' }],
            })
          : ok({ items: [], total: 0, totalCapped: false, pageNo: 1, pageSize: 20 }),
      ),
    );
    renderAdmin('/members?q=nobody', { token: 't' });
    expect(await screen.findByText('No member matches this search.')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Search by'), 'ip');
    expect(await screen.findByText('q: An IPv4 or IPv6 address')).toBeTruthy();
  });

  it('member page: profile, balances, agent line and the ledger tab; lock with a reason, then unlock', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    let current = detail();
    server.use(
      meHandler(),
      http.get('*/admin/api/members/:account', () => ok(current)),
      http.get('*/admin/api/members/:account/journals', async ({ request }) => {
        await calls.record(request);
        return ok(journals);
      }),
      http.post('*/admin/api/members/:account/:action', async ({ request, params }) => {
        await calls.record(request);
        current = params.action === 'lock' ? detail({ status: 'locked', lockReason: 'Fraud check' }) : detail();
        return ok({
          account: 'juan42',
          status: current.status.status,
          lockReason: current.status.lockReason,
          uplineAccount: 'agent7',
          sessionsEnded: params.action === 'lock' ? 2 : 0,
        });
      }),
    );
    renderAdmin('/members/juan42', { token: 't' });
    expect(await screen.findByText('Juan Dela Cruz')).toBeTruthy();
    const balances = screen.getByRole('region', { name: 'Balances (PHP)' });
    expect(within(balances).getByRole('row', { name: 'Main wallet 1,500.00 300.00 1,200.00' })).toBeTruthy();
    expect(within(balances).getByRole('row', { name: 'DEMOT 50.00 0.00 50.00' })).toBeTruthy();
    expect(within(balances).getByRole('row', { name: /Total 1,550.00/ })).toBeTruthy();
    const line = screen.getByRole('region', { name: 'Agent line' });
    expect(within(line).getByRole('link', { name: 'agent7' }).getAttribute('href')).toBe('/admin/members/agent7');
    expect(await screen.findByRole('row', { name: /DEP-7K3Q9M2X/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Ledger' }).getAttribute('aria-selected')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Lock' }));
    const lock = await screen.findByRole('dialog', { name: 'Lock juan42' });
    await user.click(within(lock).getByRole('button', { name: 'Lock' }));
    expect(await within(lock).findByText('Give a reason')).toBeTruthy();
    await user.type(within(lock).getByLabelText('Reason'), 'Fraud check');
    await user.click(within(lock).getByRole('button', { name: 'Lock' }));
    expect(await screen.findByText('2 sessions ended.')).toBeTruthy();
    expect(await screen.findByText('Fraud check')).toBeTruthy();
    expect(calls.calls.find((c) => c.path.endsWith('/lock'))).toMatchObject({
      path: '/admin/api/members/juan42/lock',
      body: { reason: 'Fraud check' },
    });

    await user.click(await screen.findByRole('button', { name: 'Unlock' }));
    const unlock = await screen.findByRole('dialog', { name: 'Unlock juan42' });
    await user.click(within(unlock).getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByRole('button', { name: 'Lock' })).toBeTruthy();
    expect(calls.calls.filter((c) => c.method === 'POST').map((c) => c.path.split('/').at(-1))).toEqual([
      'lock',
      'unlock',
    ]);
  });

  it('reset password shows the one-time password once; notes are added; move refusals are shown on the field', async () => {
    const user = userEvent.setup();
    const notes = [{ id: '1', author: 'owner1', text: 'Called the member', createdAt: '2026-11-27T01:00:00.000Z' }];
    server.use(
      meHandler(),
      http.get('*/admin/api/members/:account', () => ok(detail())),
      http.get('*/admin/api/members/:account/notes', () =>
        ok({ items: notes, total: notes.length, pageNo: 1, pageSize: 20 }),
      ),
      http.post('*/admin/api/members/:account/notes', async ({ request }) => {
        const { text } = (await request.json()) as { text: string };
        const note = { id: String(notes.length + 1), author: 'owner1', text, createdAt: '2026-11-28T01:00:00.000Z' };
        notes.unshift(note);
        return ok(note);
      }),
      http.post('*/admin/api/members/:account/reset-password', () =>
        ok({
          account: 'juan42',
          status: 'active',
          lockReason: null,
          uplineAccount: 'agent7',
          sessionsEnded: 2,
          oneTimePassword: 'Xy7-secret-once',
        }),
      ),
      http.post('*/admin/api/members/:account/move', () =>
        fail(400, 'validation_failed', 'toAgent: No agent with this account on this site.', {
          in: 'body',
          fields: [{ field: 'toAgent', reason: 'custom', message: 'No agent with this account on this site.' }],
        }),
      ),
    );
    renderAdmin('/members/juan42?tab=notes', { token: 't' });
    expect(await screen.findByText('Called the member')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Write the note')).toBeTruthy();
    await user.type(screen.getByLabelText('Note'), 'Asked for ID documents');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Asked for ID documents')).toBeTruthy();
    expect(screen.getByText('Note added.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const reset = await screen.findByRole('dialog', { name: 'Reset the password of juan42' });
    await user.click(within(reset).getByRole('button', { name: 'Reset password' }));
    const done = await screen.findByRole('dialog', { name: 'Password reset' });
    expect(within(done).getByLabelText('One-time password').textContent).toBe('Xy7-secret-once');
    await user.click(within(done).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('Xy7-secret-once')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Move to agent' }));
    const move = await screen.findByRole('dialog', { name: 'Move juan42 under another agent' });
    await user.type(within(move).getByLabelText('New upline agent'), 'ghost');
    await user.click(within(move).getByRole('button', { name: 'Move to agent' }));
    expect(await within(move).findByText('No agent with this account on this site.')).toBeTruthy();
  });

  it('members.view without members.manage: the page reads, no action is offered; an unknown account says so', async () => {
    server.use(
      meHandler(meOf({ role: 'agents', permissions: ['members.view'] })),
      http.get('*/admin/api/members/:account', ({ params }) =>
        params.account === 'juan42' ? ok(detail()) : fail(404, 'member_not_found', 'Member not found.'),
      ),
      http.get('*/admin/api/members/:account/journals', () => ok({ ...journals, items: [], total: 0 })),
    );
    const { unmount } = renderAdmin('/members/juan42', { token: 't' });
    expect(await screen.findByText('Juan Dela Cruz')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Lock' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request adjustment' })).toBeNull();
    unmount();
    renderAdmin('/members/nobody', { token: 't' });
    expect(await screen.findByText('No member with this account on this site.')).toBeTruthy();
  });
  it('the record tabs read only the open list, with its page and filters in the URL', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    const page = <T,>(items: T[]) => ({ items, total: items.length, pageNo: 1, pageSize: 20 });
    server.use(
      meHandler(),
      http.get('*/admin/api/members/:account', () => ok(detail())),
      http.get('*/admin/api/members/:account/:list', async ({ request, params }) => {
        // The identity section has its own answer (beforeEach); this test counts the record tabs' reads.
        if (params.list === 'kyc') return ok({ overall: 'none', documents: [] });
        await calls.record(request);
        switch (params.list) {
          case 'journals':
            return ok(journals);
          case 'bets':
            return ok({
              ...page([
                {
                  id: '9',
                  roundRef: 'R-77',
                  gameName: 'Lucky Dragon',
                  gameType: 'SLOT',
                  vassalage: 'SEA',
                  vendorName: 'SEA Games',
                  stake: '1000',
                  payout: '2500',
                  net: '1500',
                  status: 'settled',
                  summary: '3 koi on line 7',
                  startedAt: '2026-11-28T05:00:00.000Z',
                  settledAt: '2026-11-28T05:00:01.000Z',
                  verifiable: true,
                },
              ]),
              totals: { stake: '1000', payout: '2500', net: '1500' },
              currency: 'PHP',
              exponent: 2,
              timezone: 'Asia/Manila',
            });
          case 'deposits':
            return ok({
              list: [
                {
                  id: 'DEP-AAAA1111',
                  reference: 'DEP-AAAA1111',
                  methodCode: 'BANK',
                  methodName: 'Bank transfer',
                  kind: 'bank_transfer',
                  amount: '100000',
                  status: 'success',
                  reason: null,
                  createdAt: '2026-11-28T04:00:00.000Z',
                  completedAt: '2026-11-28T04:10:00.000Z',
                },
              ],
              total: 1,
              pageNo: 1,
              pageSize: 20,
              currency: 'PHP',
              exponent: 2,
            });
          case 'logins':
            return ok(
              page([
                {
                  time: '2026-11-28T03:00:00.000Z',
                  ip: '203.0.113.9',
                  userAgent: 'Mozilla/5.0 (iPhone)',
                  method: 'password',
                  result: 'wrong_password',
                },
              ]),
            );
          default:
            return ok(page([]));
        }
      }),
    );
    const { router } = renderAdmin('/members/juan42', { token: 't' });
    expect(await screen.findByRole('row', { name: /DEP-7K3Q9M2X/ })).toBeTruthy();
    // Filters say what they filter by in words, never the raw codes.
    const typeFilter = screen.getByLabelText('Type');
    expect(within(typeFilter).getByRole('option', { name: 'Withdrawal' })).toBeTruthy();
    expect(within(typeFilter).queryByRole('option', { name: 'withdrawal' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Bets' }));
    expect(await screen.findByRole('row', { name: /Lucky Dragon SLOT SEA Games R-77 10.00 25.00 15.00/ })).toBeTruthy();
    await waitFor(() => expect(searchOf(router)).toEqual({ tab: 'bets' }));
    expect(within(screen.getByLabelText('Status')).getByRole('option', { name: 'Rolled back' })).toBeTruthy();
    expect(screen.getByRole('row', { name: /Lucky Dragon .* Settled/ })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Status'), 'Settled');
    await waitFor(() => expect(calls.calls.at(-1)!.query).toEqual({ status: 'settled', pageNo: '1', pageSize: '20' }));
    expect(searchOf(router)).toEqual({ tab: 'bets', status: 'settled' });

    await user.click(screen.getByRole('tab', { name: 'Deposits' }));
    expect(await screen.findByRole('row', { name: /DEP-AAAA1111 .* Bank transfer 1,000.00 Credited/ })).toBeTruthy();
    // Another tab starts without the last one's filters.
    expect(searchOf(router)).toEqual({ tab: 'deposits' });
    await user.click(screen.getByRole('tab', { name: 'Logins' }));
    expect(
      await screen.findByRole('row', { name: /203.0.113.9 Mozilla\/5.0 \(iPhone\) password Wrong password/ }),
    ).toBeTruthy();
    expect(calls.calls.map((c) => c.path.split('/').at(-1))).toEqual([
      'journals',
      'bets',
      'bets',
      'deposits',
      'logins',
    ]);
  });
  it('member page: a closed account; staff see the profile details and edit them (only changes sent)', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    const values = {
      nickname: 'Juan',
      realName: 'Juan Dela Cruz',
      birthday: '1990-05-17',
      email: null,
      zalo: null,
      telegram: '@juan',
      address: '1 Main St',
      nationality: 'Filipino',
      occupation: null,
      incomeSource: 'salary',
    };
    let profile = {
      account: 'juan42',
      values,
      mobile: '+63 9171234567',
      realNameLocked: true,
      closedAt: '2026-11-28T05:00:00.000Z',
      anonymisedAt: null,
      settings: {
        closedRetentionDays: 1825,
        minAge: 18,
        fields: {
          nickname: 'optional',
          realName: 'required',
          birthday: 'optional',
          email: 'optional',
          zalo: 'hidden',
          telegram: 'optional',
          address: 'optional',
          nationality: 'optional',
          occupation: 'optional',
          incomeSource: 'optional',
        },
      },
    };
    server.use(
      meHandler(),
      http.get('*/admin/api/members/:account', () =>
        ok(detail({ status: 'closed', closedAt: '2026-11-28T05:00:00.000Z' })),
      ),
      http.get('*/admin/api/members/:account/journals', () => ok(journals)),
      http.get('*/admin/api/members/:account/profile', () => ok(profile)),
      http.put('*/admin/api/members/:account/profile', async ({ request }) => {
        await calls.record(request);
        const body = (await request.clone().json()) as Record<string, string | null>;
        if (body.birthday === '2015-01-01')
          return fail(400, 'profile_under_age', 'You must be at least 18 years old.', {
            fields: [{ field: 'birthday', reason: 'underAge', message: 'Under the minimum age (18).' }],
          });
        profile = { ...profile, values: { ...profile.values, ...body } };
        return ok(profile);
      }),
    );
    renderAdmin('/members/juan42', { token: 't' });
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(await within(heading).findByText('Closed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Lock' })).toBeNull();
    const section = screen.getByRole('region', { name: 'Profile details' });
    await user.click(within(section).getByText('Show profile details'));
    expect(await within(section).findByText(/Closed by the member on 28\/11\/2026/)).toBeTruthy();
    expect(within(section).getByText('Salary')).toBeTruthy();
    expect(within(section).getByText('(hidden on the site)')).toBeTruthy();

    await user.click(within(section).getByRole('button', { name: 'Edit profile' }));
    const form = within(section).getByRole('form', { name: 'Edit profile' });
    await user.clear(within(form).getByLabelText('Date of birth (YYYY-MM-DD)'));
    await user.type(within(form).getByLabelText('Date of birth (YYYY-MM-DD)'), '2015-01-01');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Under the minimum age (18).')).toBeTruthy();

    await user.clear(within(form).getByLabelText('Date of birth (YYYY-MM-DD)'));
    await user.type(within(form).getByLabelText('Date of birth (YYYY-MM-DD)'), '1991-01-01');
    await user.clear(within(form).getByLabelText(/Real name/));
    await user.type(within(form).getByLabelText(/Real name/), 'Juan Cruz');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Saved. The change is in the audit log.')).toBeTruthy();
    expect(within(section).getByText('Juan Cruz')).toBeTruthy();
    expect(calls.calls.map((c) => c.body)).toEqual([
      { birthday: '2015-01-01' },
      { birthday: '1991-01-01', realName: 'Juan Cruz' },
    ]);

    // Staff reopen the closed account: a reason is required, then sent.
    const reopens = recorder();
    server.use(
      http.post('*/admin/api/members/:account/reopen', async ({ request }) => {
        await reopens.record(request);
        return ok({ ...profile, closedAt: null, anonymisedAt: null });
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Reopen account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen the closed account juan42' });
    await user.click(within(dialog).getByRole('button', { name: 'Reopen account' }));
    expect(reopens.calls).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox'), 'Asked by phone, ticket 4411');
    await user.click(within(dialog).getByRole('button', { name: 'Reopen account' }));
    expect(await screen.findByText('juan42 is open again.')).toBeTruthy();
    expect(reopens.calls.map((c) => c.body)).toEqual([{ reason: 'Asked by phone, ticket 4411' }]);
  });

  it('member page: an anonymised account offers no reopen and says why', async () => {
    server.use(
      meHandler(),
      http.get('*/admin/api/members/:account', () =>
        ok(
          detail({
            status: 'closed',
            closedAt: '2020-11-28T05:00:00.000Z',
            anonymisedAt: '2025-11-29T05:00:00.000Z',
          }),
        ),
      ),
      http.get('*/admin/api/members/:account/journals', () => ok(journals)),
    );
    renderAdmin('/members/juan42', { token: 't' });
    expect(
      await screen.findByText(
        'This account cannot be reopened: its personal data were erased when the retention period ended.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reopen account' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Lock' })).toBeNull();
  });
});

const view = (over: Partial<AdminRgView> = {}): AdminRgView => ({
  currency: 'PHP',
  exponent: 2,
  limits: [
    { kind: 'deposit', period: 'day', amount: '500000', used: '100000', pending: null },
    { kind: 'loss', period: 'week', amount: null, used: '0', pending: null },
  ],
  sessionLimit: { minutes: null, pending: null },
  realityCheckMinutes: 60,
  session: { startedAt: null, net: '0', wagered: '0' },
  block: null,
  events: [],
  ...over,
});

/** The member page's responsible-gaming section alone (the page's other sections have their own tests). */
function renderRg(permissions?: string[]) {
  server.use(
    meHandler(meOf(permissions ? { permissions } : {})),
    http.get('*/admin/api/members/:account', () => ok(detail())),
    http.get('*/admin/api/members/:account/journals', () => ok(journals)),
    http.get('*/admin/api/members/:account/kyc', () => ok({ overall: 'none', documents: [] })),
  );
  return renderAdmin('/members/juan42', { token: 't' });
}

describe("member page: responsible gaming (staff on the member's request)", () => {
  it('shows the limits and the log; a lower limit is sent and the new view shown; a raise refused is said', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    let current = view();
    let refuse = false;
    server.use(
      http.get('*/admin/api/members/:account/responsible-gaming', () => ok(current)),
      http.post('*/admin/api/members/:account/responsible-gaming/limits', async ({ request }) => {
        await calls.record(request);
        if (refuse)
          return fail(
            409,
            'rg_staff_raise_refused',
            'Staff can only lower a limit; the member raises it (after 24 hours).',
          );
        current = view({
          limits: [{ kind: 'deposit', period: 'day', amount: '200000', used: '100000', pending: null }],
          events: [
            {
              id: '1',
              actor: 'staff',
              staff: 'cs.maria',
              action: 'limit.set',
              detail: { kind: 'deposit', period: 'day', from: '500000', to: '200000' },
              createdAt: '2026-11-28T04:00:00.000Z',
            },
          ],
        });
        return ok(current);
      }),
    );
    renderRg();
    await user.click(await screen.findByText('Limits, break and changes'));
    expect(await screen.findByRole('row', { name: 'Deposit · Day 5,000.00 1,000.00 —' })).toBeTruthy();
    expect(screen.getByText('No changes yet.')).toBeTruthy();
    // Nobody lifts a break: there is no such control.
    expect(screen.queryByRole('button', { name: /lift|end the break|shorten/i })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Set or lower a limit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set or lower a limit' });
    await user.click(within(dialog).getByRole('button', { name: 'Save limit' }));
    expect(await within(dialog).findByText('Enter an amount such as 1500 or 1500.50')).toBeTruthy();
    expect(calls.calls).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Amount (PHP)'), '2000');
    await user.click(within(dialog).getByRole('button', { name: 'Save limit' }));
    expect(await screen.findByRole('row', { name: 'Deposit · Day 2,000.00 1,000.00 —' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText(/cs\.maria · Limit set · Deposit · Day: 5,000\.00 → 2,000\.00/)).toBeTruthy();
    expect(calls.calls[0]).toMatchObject({
      path: '/admin/api/members/juan42/responsible-gaming/limits',
      body: { kind: 'deposit', period: 'day', amount: '2000' },
    });

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Set or lower a limit' }));
    const again = await screen.findByRole('dialog', { name: 'Set or lower a limit' });
    await user.type(within(again).getByLabelText('Amount (PHP)'), '9000');
    await user.click(within(again).getByRole('button', { name: 'Save limit' }));
    expect((await within(again).findByRole('alert')).textContent).toBe(
      'Staff can only lower a limit; the member raises it (after 24 hours).',
    );
  });

  it('a self-exclusion on request: its lengths, a note required, the warning; the break then shown as locked', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    let current = view();
    server.use(
      http.get('*/admin/api/members/:account/responsible-gaming', () => ok(current)),
      http.post('*/admin/api/members/:account/responsible-gaming/break', async ({ request }) => {
        await calls.record(request);
        current = view({ block: { kind: 'self_exclusion', until: '2027-05-28T04:00:00.000Z' } });
        return ok(current);
      }),
    );
    renderRg();
    await user.click(await screen.findByText('Limits, break and changes'));
    await user.click(await screen.findByRole('button', { name: 'Start a break' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start a break' });
    expect(within(dialog).getByText(/Nobody can lift or shorten it afterwards/)).toBeTruthy();
    await user.click(within(dialog).getByLabelText('Self-exclusion'));
    const length = within(dialog).getByLabelText('Length');
    expect(
      within(length)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['6 months', '1 year', '5 years']);
    await user.click(within(dialog).getByRole('button', { name: 'Start the break' }));
    expect(await within(dialog).findByText('Note how the member asked for it')).toBeTruthy();
    expect(calls.calls).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Member's request/), 'Phone call 28 Nov, verified');
    await user.click(within(dialog).getByRole('button', { name: 'Start the break' }));
    expect(await screen.findByText(/Self-exclusion until/)).toBeTruthy();
    expect(screen.getByText(/A break cannot be lifted or shortened by anyone/)).toBeTruthy();
    expect(calls.calls[0]).toMatchObject({
      body: { kind: 'self_exclusion', duration: '6m', note: 'Phone call 28 Nov, verified' },
    });
  });

  it('members.view without members.manage: the limits read, no action is offered', async () => {
    const user = userEvent.setup();
    server.use(http.get('*/admin/api/members/:account/responsible-gaming', () => ok(view())));
    renderRg(['members.view']);
    await user.click(await screen.findByText('Limits, break and changes'));
    expect(await screen.findByRole('row', { name: /Deposit · Day/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set or lower a limit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start a break' })).toBeNull();
  });
});
