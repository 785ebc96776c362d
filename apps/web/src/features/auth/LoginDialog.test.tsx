import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../state/session.ts';
import { useUi } from '../../state/ui.ts';
import { renderAt } from '../../test/render.tsx';
import { server } from '../../test/server.ts';

const fail = (code: string, message: string, value: unknown = null, status = 401) =>
  HttpResponse.json({ success: false, value, message, code }, { status });

describe('login popup', () => {
  it('validates, shows the server error, asks for the captcha when flagged, then logs in', async () => {
    let calls = 0;
    server.use(
      http.post('*/wps/session/login', async ({ request }) => {
        calls++;
        const body = (await request.json()) as { password: string; captcha?: string };
        if (body.password !== 'right password')
          return fail('in_incorrect_password', 'Incorrect', { captchaRequired: calls >= 2 });
        return HttpResponse.json({
          success: true,
          value: { token: 't'.repeat(43), firstTimeLogin: false, passwordExpired: false, previousLoginAt: null },
          message: 'OK',
          code: 'ok',
        });
      }),
      http.get('*/wps/member/info', () =>
        HttpResponse.json({
          success: true,
          value: {
            id: '1',
            account: 'alice1',
            nickname: null,
            type: 0,
            isAgent: false,
            isTrial: false,
            language: 'en',
            mobile: null,
            email: null,
            lastLoginAt: null,
            previousLoginAt: null,
          },
          message: 'OK',
          code: 'ok',
        }),
      ),
    );
    renderAt('/');
    useUi.getState().open('login');
    const dialog = await screen.findByRole('dialog');
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(within(dialog).getAllByText('Input cannot be empty.')).toHaveLength(2);
    await user.type(within(dialog).getByLabelText(/Username/), 'alice1');
    await user.type(within(dialog).getByLabelText(/Password/), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await within(dialog).findByText('Incorrect username or password.')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Captcha')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await within(dialog).findByLabelText('Captcha')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText(/Password/));
    await user.type(within(dialog).getByLabelText(/Password/), 'right password');
    await user.type(within(dialog).getByLabelText('Captcha'), 'abcd');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('link', { name: /alice1/ })).toBeTruthy();
    expect(useSession.getState().token).toBe('t'.repeat(43));
    expect(sessionStorage.getItem('token')).toBe('t'.repeat(43));
  });

  it('from a new device: the code step, a wrong code with attempts left, resend, then the session', async () => {
    const challengeId = 'c'.repeat(43);
    const logins: { deviceId: string | null }[] = [];
    const answers: unknown[] = [];
    let resends = 0;
    server.use(
      http.post('*/wps/session/login', ({ request }) => {
        logins.push({ deviceId: request.headers.get('Device-Id') });
        return fail(
          'login_check_required',
          'Confirm it is you',
          {
            challengeId,
            method: 'email',
            destination: 'c•••@example.com',
            expiresAt: '2026-11-28T10:10:00.000Z',
            attemptsLeft: 5,
            resendAfterSeconds: 0,
          },
          403,
        );
      }),
      http.post('*/wps/session/login/check/send', () => {
        resends++;
        return HttpResponse.json({
          success: true,
          value: { resendAfterSeconds: 60, expiresAt: '2026-11-28T10:10:00.000Z' },
          message: 'OK',
          code: 'ok',
        });
      }),
      http.post('*/wps/session/login/check', async ({ request }) => {
        const body = (await request.json()) as { code?: string };
        answers.push(body);
        if (body.code !== '123456') return fail('login_check_failed', 'Wrong', { attemptsLeft: 4 }, 400);
        return HttpResponse.json({
          success: true,
          value: { token: 'n'.repeat(43), firstTimeLogin: false, passwordExpired: false, previousLoginAt: null },
          message: 'OK',
          code: 'ok',
        });
      }),
    );
    renderAt('/');
    useUi.getState().open('login');
    const user = userEvent.setup();
    let dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Username/), 'clara1');
    await user.type(within(dialog).getByLabelText(/Password/), 'right password');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('heading', { name: 'Confirm it is you' })).toBeTruthy();
    expect(within(dialog).getByText('We sent a 6-digit code by e-mail to c•••@example.com.')).toBeTruthy();
    expect(logins[0]!.deviceId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(useSession.getState().token).toBeNull();

    // Form check, then the server's refusal with the attempts left.
    await user.type(within(dialog).getByLabelText(/Code/), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Enter the 6 digits of the code.')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText(/Code/));
    await user.type(within(dialog).getByLabelText(/Code/), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('That is not right. Attempts left: 4.')).toBeTruthy();

    // Resend: then a cooldown on the button.
    await user.click(within(dialog).getByRole('button', { name: 'Send a new code' }));
    expect(await within(dialog).findByText('A new code was sent.')).toBeTruthy();
    expect(resends).toBe(1);
    expect((within(dialog).getByRole('button', { name: /New code in \d+ s/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    await user.clear(within(dialog).getByLabelText(/Code/));
    await user.type(within(dialog).getByLabelText(/Code/), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(useSession.getState().token).toBe('n'.repeat(43)));
    expect(answers.at(-1)).toEqual({ challengeId, code: '123456' });
  });

  it('the bank account name step; an expired check sends the member back to the login form', async () => {
    server.use(
      http.post('*/wps/session/login', () =>
        fail(
          'login_check_required',
          'Confirm it is you',
          {
            challengeId: 'd'.repeat(43),
            method: 'bank_name',
            destination: null,
            expiresAt: '2026-11-28T10:10:00.000Z',
            attemptsLeft: 5,
            resendAfterSeconds: 0,
          },
          403,
        ),
      ),
      http.post('*/wps/session/login/check', () => fail('login_check_expired', 'Expired', null, 400)),
    );
    renderAt('/');
    useUi.getState().open('login');
    const user = userEvent.setup();
    let dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Username/), 'an1');
    await user.type(within(dialog).getByLabelText(/Password/), 'right password');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(
        'Enter the account holder name of one of your bank accounts, as it is on the account.',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /new code/i })).toBeNull();
    await user.type(within(dialog).getByLabelText(/Account holder name/), 'Nguyen Van An');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('This check has expired or was used up. Please log in again.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Back to log in' }));
    expect(await within(await screen.findByRole('dialog')).findByLabelText(/Username/)).toBeTruthy();
  });
});
