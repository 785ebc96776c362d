import { BUILT_IN_ROLES, type RoleInfo } from '@sea/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { setAdminLanguage } from '../../i18n/index.ts';
import {
  fail,
  meHandler,
  meOf,
  ok,
  recorder,
  renderAdmin,
  searchOf,
  server,
  staffOf,
} from '../../test/render-admin.tsx';

const roles: RoleInfo[] = Object.entries(BUILT_IN_ROLES).map(([code, r]) => ({
  code,
  name: r.name,
  builtIn: true,
  permissions: [...r.permissions],
  twoFactorRequired: code !== 'auditor',
  staffCount: 1,
}));
const rolesHandler = () =>
  http.get('*/admin/api/roles', () => ok({ items: roles, permissions: BUILT_IN_ROLES.owner!.permissions }));

describe('staff screen', () => {
  it('lists staff with the URL’s filters and creates one: the one-time password is shown once', async () => {
    const user = userEvent.setup();
    const lists = recorder();
    const creates = recorder();
    let staff = [
      staffOf({ id: '1', username: 'owner1', displayName: 'Olivia Owner', role: 'owner', roleName: 'Owner' }),
    ];
    server.use(
      meHandler(),
      rolesHandler(),
      http.get('*/admin/api/staff', async ({ request }) => {
        await lists.record(request);
        return ok({ total: staff.length, items: staff });
      }),
      http.post('*/admin/api/staff', async ({ request }) => {
        await creates.record(request);
        const created = staffOf({ id: '9', username: 'fin2', displayName: 'Fin Two' });
        staff = [...staff, created];
        return ok({ staff: created, oneTimePassword: 'Xy7-one-time-Pw' });
      }),
    );
    const { router } = renderAdmin('/staff?status=active&q=o', { token: 't' });
    expect(await screen.findByText('Olivia Owner')).toBeTruthy();
    expect(lists.calls[0]!.query).toEqual({ q: 'o', status: 'active', pageNo: '1', pageSize: '20' });

    await user.click(screen.getByRole('button', { name: 'New staff member' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Use 2–64 letters, digits, dot, dash or underscore')).toBeTruthy();
    expect(within(dialog).getByText('Choose a role')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Username'), 'Fin2');
    await user.type(within(dialog).getByLabelText('Display name'), 'Fin Two');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'finance');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const shown = await screen.findByLabelText('One-time password');
    expect(shown.textContent).toBe('Xy7-one-time-Pw');
    expect(creates.calls[0]!.body).toEqual({ username: 'fin2', displayName: 'Fin Two', role: 'finance' });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('Xy7-one-time-Pw')).toBeNull();
    // The list was asked again (the new member in it), with the same filters.
    expect(await screen.findByText('Fin Two')).toBeTruthy();
    expect(lists.calls.at(-1)!.query).toMatchObject({ q: 'o', status: 'active' });
    expect(searchOf(router)).toEqual({ status: 'active', q: 'o' });
  });

  it('shows the server’s field errors next to their fields and other refusals as the form’s alert', async () => {
    const user = userEvent.setup();
    let answer = 0;
    server.use(
      meHandler(),
      rolesHandler(),
      http.get('*/admin/api/staff', () => ok({ total: 0, items: [] })),
      http.post('*/admin/api/staff', () =>
        answer++ === 0
          ? fail(400, 'validation_failed', 'Some fields are not valid.', {
              in: 'body',
              fields: [{ field: 'username', reason: 'taken', message: 'This username is taken.' }],
            })
          : fail(403, 'admin_forbidden', 'Your role does not allow this.'),
      ),
    );
    renderAdmin('/staff', { token: 't' });
    await user.click(await screen.findByRole('button', { name: 'New staff member' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Username'), 'owner1');
    await user.type(within(dialog).getByLabelText('Display name'), 'Dup');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'auditor');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const username = within(dialog).getByLabelText('Username');
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('This username is taken.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Your role does not allow this.')).toBeTruthy();
  });

  it('resets a password (shown once) and disables after a confirmation', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    const fin = staffOf();
    server.use(
      meHandler(),
      rolesHandler(),
      http.get('*/admin/api/staff', () => ok({ total: 1, items: [fin] })),
      http.post('*/admin/api/staff/:id/reset-password', async ({ request }) => {
        await calls.record(request);
        return ok({ staff: fin, oneTimePassword: 'Reset-Pw-42' });
      }),
      http.post('*/admin/api/staff/:id/disable', async ({ request }) => {
        await calls.record(request);
        return ok({ ...fin, status: 'disabled' });
      }),
    );
    renderAdmin('/staff', { token: 't' });
    await user.click(await screen.findByRole('button', { name: 'Actions for fin1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    expect((await within(dialog).findByLabelText('One-time password')).textContent).toBe('Reset-Pw-42');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Actions for fin1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Disable' }));
    const confirm = await screen.findByRole('dialog', { name: 'Disable fin1' });
    expect(calls.calls.map((c) => c.path)).toEqual(['/admin/api/staff/2/reset-password']);
    await user.click(within(confirm).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(calls.calls.map((c) => c.path).at(-1)).toBe('/admin/api/staff/2/disable'));
  });

  it('speaks TY: the navigation, the list and the built-in roles’ names (custom roles keep their own)', async () => {
    await setAdminLanguage('ty');
    server.use(
      meHandler(),
      rolesHandler(),
      http.get('*/admin/api/staff', () =>
        ok({
          total: 2,
          items: [staffOf(), staffOf({ id: '3', username: 'cash1', role: 'cashier', roleName: 'Cashier' })],
        }),
      ),
    );
    renderAdmin('/staff', { token: 't' });
    expect(await screen.findByRole('heading', { name: 'Nhân viên', level: 1 })).toBeTruthy();
    expect(within(await screen.findByRole('row', { name: /fin1/ })).getByText('Tài chính')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /cash1/ })).getByText('Cashier')).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByText('Chủ sở hữu')).toBeTruthy(); // the owner's role
    expect(document.documentElement.lang).toBe('vi');
  });

  it('shows only the navigation entries of the staff member’s permissions', async () => {
    server.use(
      meHandler(meOf({ role: 'auditor-lite', roleName: 'Audit only', permissions: ['audit.view'] })),
      http.get('*/admin/api/audit', () => ok({ total: 0, items: [] })),
    );
    renderAdmin('/', { token: 't' });
    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeTruthy();
    const nav = screen.getByRole('complementary', { name: 'Back-office navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Audit log']);

    // Sign out: the server's session ends too, and the next sign-in starts from the start page.
    const logouts = recorder();
    server.use(
      http.delete('*/admin/api/session/logout', async ({ request }) => {
        await logouts.record(request);
        return ok(null);
      }),
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('You have signed out.')).toBeTruthy();
    expect(logouts.calls).toMatchObject([{ method: 'DELETE', auth: 'Bearer t' }]);
    expect(sessionStorage.getItem('adminToken')).toBeNull();
  });

  it('edits a custom role with permissions grouped by area; built-in roles have no edit button', async () => {
    const user = userEvent.setup();
    const puts = recorder();
    const custom: RoleInfo = {
      code: 'cashier',
      name: 'Cashier',
      builtIn: false,
      permissions: ['payments.view'],
      twoFactorRequired: false,
      staffCount: 0,
    };
    server.use(
      meHandler(),
      http.get('*/admin/api/roles', () =>
        ok({ items: [...roles, custom], permissions: BUILT_IN_ROLES.owner!.permissions }),
      ),
      http.put('*/admin/api/roles/:code', async ({ request }) => {
        await puts.record(request);
        return ok(custom);
      }),
    );
    renderAdmin('/staff/roles', { token: 't' });
    expect(await screen.findByText('Cashier')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const payments = within(dialog).getByRole('group', { name: 'Payments' });
    expect(within(payments).getAllByRole('checkbox')).toHaveLength(6);
    await user.click(within(payments).getByLabelText('Approve / reject deposits'));
    expect(within(dialog).getByText(/must sign in with two-factor/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts.calls).toHaveLength(1));
    expect(puts.calls[0]!.path).toBe('/admin/api/roles/cashier');
    expect(puts.calls[0]!.body).toEqual({ name: 'Cashier', permissions: ['payments.view', 'deposits.decide'] });
  });
});
