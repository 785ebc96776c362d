import { screen, within } from '@testing-library/react';
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
});
