import type { AdminAgentTreeNode } from '@sea/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, meHandler, meOf, ok, recorder, renderAdmin, server } from '../../test/render-admin.tsx';

const node = (over: Partial<AdminAgentTreeNode> = {}): AdminAgentTreeNode => ({
  account: 'topagent',
  nickname: null,
  type: 1,
  isAgent: true,
  level: 1,
  downlines: 2,
  rebatePoint: '9.0',
  status: 'active',
  contracts: [{ type: 'daily_wage', status: 'active' }],
  ...over,
});
const page = (rows: AdminAgentTreeNode[], parent: { account: string; level: number } | null, total = rows.length) =>
  ok({ rows, total, pageNo: 1, pageSize: 20, parent });

describe('agents', () => {
  it('team tree: roots first, a level read only when opened, a member promoted from its row', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    let promoted = false;
    server.use(
      meHandler(meOf({ role: 'agents', permissions: ['agents.view', 'agents.manage'] })),
      http.get('*/admin/api/agents/tree', async ({ request }) => {
        await calls.record(request);
        const parent = new URL(request.url).searchParams.get('parent');
        if (!parent) return page([node()], null);
        return page(
          [
            node({ account: 'subagent', level: 2, downlines: 0, contracts: [] }),
            node({
              account: 'player1',
              level: 2,
              downlines: 0,
              isAgent: promoted,
              type: promoted ? 1 : 0,
              contracts: [],
            }),
          ],
          { account: parent, level: 1 },
        );
      }),
      http.post('*/admin/api/agents/promote', async ({ request }) => {
        await calls.record(request);
        promoted = true;
        return ok({ account: 'player1', type: 1, rebatePoint: '0.0', uplineAccount: 'topagent' });
      }),
    );
    renderAdmin('/agents', { token: 't' });
    const tree = await screen.findByRole('tree', { name: 'Agent tree' });
    const top = await within(tree).findByRole('treeitem', { name: 'topagent' });
    expect(within(top).getByText('Members: 2')).toBeTruthy();
    expect(within(top).getByText('Daily wage · Active')).toBeTruthy();
    expect(calls.calls.map((c) => c.query.parent)).toEqual([undefined]); // nothing below read yet

    await user.click(within(top).getByRole('button', { name: 'Open topagent' }));
    const player = await within(tree).findByRole('treeitem', { name: 'player1' });
    expect(top.getAttribute('aria-expanded')).toBe('true');
    expect(player.getAttribute('aria-level')).toBe('2');
    expect(calls.calls.at(-1)!.query).toMatchObject({ parent: 'topagent', pageNo: '1' });

    await user.click(within(player).getByRole('button', { name: 'Promote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promote a member' });
    expect((within(dialog).getByLabelText('Member account') as HTMLInputElement).value).toBe('player1');
    await user.type(within(dialog).getByLabelText('Rebate point (optional)'), '1.25');
    await user.click(within(dialog).getByRole('button', { name: 'Promote' }));
    expect(await within(dialog).findByText('Use a number such as 12 or 12.5')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Rebate point (optional)'));
    await user.click(within(dialog).getByRole('button', { name: 'Promote' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls.find((c) => c.method === 'POST')!.body).toEqual({ account: 'player1' });
    await waitFor(() => expect(within(player).getByText('Agent')).toBeTruthy());
  });

  it('shows the empty and error states, and a view-only role gets no actions', async () => {
    server.use(
      meHandler(meOf({ role: 'auditor', permissions: ['agents.view'] })),
      http.get('*/admin/api/agents/tree', () => page([], null)),
    );
    renderAdmin('/agents', { token: 't' });
    expect(await screen.findByText('No agents yet. Create one, or promote a member.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create agent' })).toBeNull();

    server.use(http.get('*/admin/api/agents/tree', () => fail(503, 'service_unavailable', 'Try again shortly.')));
    renderAdmin('/agents?root=x', { token: 't' });
    expect((await screen.findAllByText('Try again shortly.')).length).toBeGreaterThan(0);
  });

  it('create agent: the server’s field error lands on its field', async () => {
    const user = userEvent.setup();
    server.use(
      meHandler(meOf({ role: 'agents', permissions: ['agents.view', 'agents.manage'] })),
      http.get('*/admin/api/agents/tree', () => page([], null)),
      http.post('*/admin/api/agents', () =>
        fail(400, 'validation_failed', 'Check the fields.', {
          in: 'body',
          fields: [{ field: 'account', reason: 'taken', message: 'This account is taken.' }],
        }),
      ),
    );
    renderAdmin('/agents', { token: 't' });
    await user.click(await screen.findByRole('button', { name: 'Create agent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create agent' });
    await user.type(within(dialog).getByLabelText('Account'), 'newagent');
    await user.type(within(dialog).getByLabelText('First password'), 'secret12');
    await user.click(within(dialog).getByRole('button', { name: 'Create agent' }));
    expect(await within(dialog).findByText('This account is taken.')).toBeTruthy();
  });

  it('rebate rates: standard marked, a change sent as percent', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    server.use(
      meHandler(),
      http.get('*/admin/api/contracts/rebate-rates', () =>
        ok({
          list: [
            { category: 'RNG', rateBp: 120, isDefault: true },
            { category: 'LIVE', rateBp: 50, isDefault: false },
          ],
        }),
      ),
      http.put('*/admin/api/contracts/rebate-rates/:category', async ({ request }) => {
        await calls.record(request);
        return ok({ category: 'LIVE', rateBp: 75 });
      }),
    );
    renderAdmin('/agents/rebate-rates', { token: 't' });
    const rng = await screen.findByRole('row', { name: /Slots/ });
    expect(within(rng).getByText('Standard')).toBeTruthy();
    expect(within(rng).getByText(/1\.2 %/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Change the LIVE rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the LIVE rate' });
    const input = within(dialog).getByLabelText('Rate (%)');
    expect((input as HTMLInputElement).value).toBe('0.5');
    await user.clear(input);
    await user.type(input, '0.75');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.calls[0]).toMatchObject({ path: '/admin/api/contracts/rebate-rates/LIVE', body: { rate: '0.75' } }),
    );
  });

  it('agent settings: read, checked in the form, saved in major units; the server’s field error on its field', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    let answer: 'field' | 'ok' = 'field';
    server.use(
      meHandler(),
      http.get('*/admin/api/contracts/rebate-rates', () => ok({ list: [] })),
      http.get('*/admin/api/agents/settings', () =>
        ok({ maxRebatePoint: '13.0', activeMinBet: '10000', currency: 'PHP', exponent: 2 }),
      ),
      http.put('*/admin/api/agents/settings', async ({ request }) => {
        await calls.record(request);
        return answer === 'field'
          ? fail(400, 'validation_failed', 'Invalid input.', {
              fields: [{ field: 'maxRebatePoint', reason: 'too_big', message: 'At most 15.' }],
            })
          : ok({ maxRebatePoint: '12.5', activeMinBet: '25050', currency: 'PHP', exponent: 2 });
      }),
    );
    renderAdmin('/agents/rebate-rates', { token: 't' });
    const section = await screen.findByRole('region', { name: 'Agent settings' });
    const point = await within(section).findByLabelText('Maximum rebate point');
    const bet = within(section).getByLabelText('Valid bet of an active member (PHP)');
    expect((point as HTMLInputElement).value).toBe('13.0');
    expect((bet as HTMLInputElement).value).toBe('100.00');
    await user.clear(point);
    await user.type(point, 'abc');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Use a number such as 12 or 12.5')).toBeTruthy();
    expect(calls.calls).toHaveLength(0);
    await user.clear(point);
    await user.type(point, '99');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('At most 15.')).toBeTruthy();
    answer = 'ok';
    await user.clear(point);
    await user.type(point, '12.5');
    await user.clear(bet);
    await user.type(bet, '250.50');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Saved.')).toBeTruthy();
    expect(calls.calls.at(-1)).toMatchObject({
      method: 'PUT',
      path: '/admin/api/agents/settings',
      body: { maxRebatePoint: '12.5', activeMinBet: '250.50' },
    });
  });

  it('settlements: filters in the URL, settle now confirmed and reported', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    server.use(
      meHandler(),
      http.get('*/admin/api/contracts/settlements', async ({ request }) => {
        await calls.record(request);
        return ok({ list: [], total: 0, pageNo: 1, pageSize: 20, currency: 'PHP', exponent: 2 });
      }),
      http.post('*/admin/api/contracts/settle', async ({ request }) => {
        await calls.record(request);
        return ok({ paid: 3, notReached: 1, insufficientFunds: [] });
      }),
    );
    renderAdmin('/agents/settlements?agent=topagent', { token: 't' });
    expect(await screen.findByText('No settlements match these filters.')).toBeTruthy();
    expect(calls.calls[0]!.query).toMatchObject({ agent: 'topagent' });
    await user.selectOptions(screen.getAllByLabelText('Type')[0]!, 'dividend');
    await user.click(screen.getByRole('button', { name: 'Settle now' }));
    const confirm = await screen.findByRole('dialog', { name: 'Settle Dividend now?' });
    await user.click(within(confirm).getByRole('button', { name: 'Settle now' }));
    expect(
      await screen.findByText('Settlement run: 3 paid, 1 below every tier, 0 not paid (upline short).'),
    ).toBeTruthy();
    expect(calls.calls.find((c) => c.method === 'POST')!.body).toEqual({ type: 'dividend' });
  });
});
