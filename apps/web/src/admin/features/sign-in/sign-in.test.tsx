import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, meHandler, meOf, ok, recorder, renderAdmin, server } from '../../test/render-admin.tsx';

const RECOVERY = Array.from({ length: 10 }, (_, i) => `rc${i}-abcd-efgh`);

describe('sign-in', () => {
  it('asks for the 6-digit code when the server wants one, then walks the forced password change and the enrolment', async () => {
    const user = userEvent.setup();
    const logins = recorder();
    const passwords = recorder();
    const enables = recorder();
    let me = meOf({ mustChangePassword: true, twoFactorEnabled: false, twoFactorRequired: true });
    server.use(
      http.post('*/admin/api/session/login', async ({ request }) => {
        await logins.record(request);
        const body = (await request.json()) as { otp?: string };
        if (!body.otp) return fail(401, 'admin_otp_required', 'Enter the 6-digit code from your authenticator app.');
        return ok({ token: 'tok-1', mustChangePassword: true, twoFactorSetupRequired: true });
      }),
      http.get('*/admin/api/me', () => ok(me)),
      http.post('*/admin/api/session/password', async ({ request }) => {
        await passwords.record(request);
        const body = (await request.json()) as { oldPassword: string };
        if (body.oldPassword !== 'OneTime-123')
          return fail(400, 'validation_failed', 'Some fields are not valid.', {
            in: 'body',
            fields: [{ field: 'oldPassword', reason: 'incorrect', message: 'The current password is not correct' }],
          });
        me = { ...me, mustChangePassword: false };
        return ok(null);
      }),
      http.post('*/admin/api/me/two-factor/setup', () =>
        ok({
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/Demo:owner1?secret=JBSWY3DPEHPK3PXP&issuer=Demo',
        }),
      ),
      http.post('*/admin/api/me/two-factor/enable', async ({ request }) => {
        await enables.record(request);
        const { code } = (await request.json()) as { code: string };
        if (code !== '123456')
          return fail(400, 'validation_failed', 'Some fields are not valid.', {
            fields: [{ field: 'code', reason: 'incorrect', message: 'This code is not right: try the current one.' }],
          });
        me = { ...me, twoFactorEnabled: true };
        return ok({ recoveryCodes: RECOVERY });
      }),
      http.get('*/admin/api/staff', () => ok({ total: 0, items: [] })),
      http.get('*/admin/api/roles', () => ok({ items: [], permissions: [] })),
    );
    renderAdmin('/staff');

    await user.type(await screen.findByLabelText('Username'), 'owner1');
    await user.type(screen.getByLabelText('Password'), 'OneTime-123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    // Step 2: the code, sent together with username and password.
    const code = await screen.findByLabelText('6-digit code');
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(logins.calls).toHaveLength(2));
    expect(logins.calls[0]!.body).toEqual({ username: 'owner1', password: 'OneTime-123' });
    expect(logins.calls[1]!.body).toEqual({ username: 'owner1', password: 'OneTime-123', otp: '654321' });
    expect(sessionStorage.getItem('adminToken')).toBe('tok-1');

    // The forced password change: the client's checks, then the server's field error under its field.
    expect(await screen.findByRole('heading', { name: 'Choose your password' })).toBeTruthy();
    await user.type(screen.getByLabelText('One-time password'), 'wrong-one');
    await user.type(screen.getByLabelText('New password'), 'a-long-new-password');
    await user.type(screen.getByLabelText('Repeat the new password'), 'a-long-new-passwordX');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The two passwords are not the same')).toBeTruthy();
    expect(passwords.calls).toHaveLength(0);
    await user.clear(screen.getByLabelText('Repeat the new password'));
    await user.type(screen.getByLabelText('Repeat the new password'), 'a-long-new-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const oldField = screen.getByLabelText('One-time password');
    await waitFor(() => expect(oldField.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The current password is not correct')).toBeTruthy();
    await user.clear(oldField);
    await user.type(oldField, 'OneTime-123');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(passwords.calls[1]!.body).toEqual({ oldPassword: 'OneTime-123', newPassword: 'a-long-new-password' });
    expect(passwords.calls[1]!.auth).toBe('Bearer tok-1');

    // Enrolment: the QR code of the otpauth URL, the secret, a code (the server's field error), the ten codes.
    expect(await screen.findByRole('heading', { name: 'Turn on two-factor sign-in' })).toBeTruthy();
    expect(await screen.findByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    expect(document.querySelector('svg title')?.textContent).toBe('QR code for your authenticator app');
    await user.type(screen.getByLabelText('Code shown by the app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('This code is not right: try the current one.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Code shown by the app'));
    await user.type(screen.getByLabelText('Code shown by the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(RECOVERY);
    const go = screen.getByRole('button', { name: 'Continue to the back office' });
    expect((go as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByLabelText('I have saved my recovery codes'));
    await user.click(go);

    // The back office: the page asked for first, the staff member in the top bar.
    expect(await screen.findByText('Olivia Owner')).toBeTruthy();
    expect(await screen.findByText('No staff member matches these filters.')).toBeTruthy();
    expect(screen.getByText('Owner')).toBeTruthy();
    expect(screen.queryByText(RECOVERY[0]!)).toBeNull();
  });

  it('signs in with a recovery code instead of the authenticator code', async () => {
    const user = userEvent.setup();
    const logins = recorder();
    server.use(
      http.post('*/admin/api/session/login', async ({ request }) => {
        await logins.record(request);
        const body = (await request.json()) as { recoveryCode?: string };
        if (!body.recoveryCode) return fail(401, 'admin_otp_required', 'Enter the code.');
        return ok({ token: 'tok-2', mustChangePassword: false, twoFactorSetupRequired: false });
      }),
      meHandler(),
      http.get('*/admin/api/withdrawals', () => ok({ items: [], total: 0, pageNo: 1, pageSize: 20 })),
    );
    renderAdmin('/payments/withdrawals');
    await user.type(await screen.findByLabelText('Username'), 'owner1');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'rc0-abcd-efgh');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Withdrawals' })).toBeTruthy();
    expect(logins.calls[1]!.body).toEqual({
      username: 'owner1',
      password: 'secret-password',
      recoveryCode: 'rc0-abcd-efgh',
    });
  });

  it('shows the envelope’s message on wrong credentials and a rejected code on the code field', async () => {
    const user = userEvent.setup();
    let step = 0;
    server.use(
      http.post('*/admin/api/session/login', () =>
        step++ === 0
          ? fail(401, 'admin_unauthorized', 'Wrong username or password.')
          : step === 2
            ? fail(401, 'admin_otp_required', 'Enter the code.')
            : fail(401, 'admin_unauthorized', 'Wrong username or password.'),
      ),
    );
    renderAdmin('/');
    await user.type(await screen.findByLabelText('Username'), 'owner1');
    await user.type(screen.getByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong username or password.');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText('6-digit code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/This code was not accepted/)).toBeTruthy();
    expect(sessionStorage.getItem('adminToken')).toBeNull();
  });

  it('returns to sign-in when a call answers 401 (the session ended elsewhere)', async () => {
    server.use(
      meHandler(),
      http.get('*/admin/api/audit', () => fail(401, 'admin_unauthorized', 'Please log in to the back office.')),
    );
    const { client } = renderAdmin('/audit', { token: 'old' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByText('Your session has ended. Please sign in again.')).toBeTruthy();
    expect(sessionStorage.getItem('adminToken')).toBeNull();
    // Nothing of that session is kept for the next one.
    expect(
      client
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.data !== undefined),
    ).toEqual([]);
  });
});
