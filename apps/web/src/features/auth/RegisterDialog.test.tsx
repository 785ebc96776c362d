import { defaultFeatureFlags, type RegisterFieldRule, type RegisterSettings } from '@sea/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { useUi } from '../../state/ui.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';

const rule = (over: Partial<RegisterFieldRule> = {}): RegisterFieldRule => ({
  enabled: true,
  required: true,
  minLength: 6,
  maxLength: 20,
  patternId: 1,
  acceptedPattern: '*',
  ...over,
});

const rules: RegisterSettings = {
  username: rule({ patternId: 2 }),
  password: rule({ maxLength: 64 }),
  confirmPassword: rule({ maxLength: 64 }),
};

const taken = () =>
  server.use(
    http.get('*/wps/system/setting/register', () => ok(rules)),
    http.put('*/wps/member/register', () =>
      HttpResponse.json(
        {
          success: false,
          value: {
            in: 'body',
            fields: [{ field: 'username', reason: 'taken', message: 'This username is taken.' }],
          },
          message: 'This username is taken.',
          code: 'validation_failed',
        },
        { status: 400 },
      ),
    ),
  );

async function registerAlice(
  labels = { username: /^Username/, password: /^Password/, confirm: /^Confirm password/, submit: 'Register' },
) {
  renderAt('/');
  useUi.getState().open('register');
  const dialog = await screen.findByRole('dialog');
  const user = userEvent.setup();
  const username = await within(dialog).findByLabelText(labels.username);
  await user.type(username, 'alice01');
  await user.type(within(dialog).getByLabelText(labels.password), 'a long password');
  await user.type(within(dialog).getByLabelText(labels.confirm), 'a long password');
  await user.click(within(dialog).getByRole('checkbox'));
  await user.click(within(dialog).getByRole('button', { name: labels.submit }));
  return { dialog, username };
}

describe('register popup', () => {
  it('shows the server’s field error next to the field it is about (a taken username)', async () => {
    taken();
    const { dialog, username } = await registerAlice();

    const error = await within(dialog).findByText('This username is taken.');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(username.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    expect(within(dialog).queryByText('Enter the correct information.')).toBeNull();
  });

  it('translates a known field error by field and reason (TY)', async () => {
    taken();
    await i18n.changeLanguage('ty');
    const { dialog, username } = await registerAlice({
      username: /^Tên đăng nhập/,
      password: /^Mật khẩu/,
      confirm: /^Xác nhận mật khẩu/,
      submit: 'Đăng ký',
    });
    expect(await within(dialog).findByText('Tên đăng nhập này đã được sử dụng.')).toBeTruthy();
    expect(username.getAttribute('aria-invalid')).toBe('true');
  });

  it('with REGMOBVERF3 on, the username tab asks for the phone number and its SMS code, and sends them', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      http.get('*/wps/system/whitelabel', () => ok({ ...defaultFeatureFlags(), REGMOBVERF3: true })),
      http.get('*/wps/system/setting/register', () => ok(rules)),
      http.put('*/wps/member/register', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return ok({ token: 'n'.repeat(43), passwordExpired: false });
      }),
    );
    renderAt('/');
    useUi.getState().open('register');
    const dialog = await screen.findByRole('dialog');
    const user = userEvent.setup();
    await user.type(await within(dialog).findByLabelText(/^Username/), 'alice01');
    expect(within(dialog).getByLabelText(/^Mobile number/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Send code' })).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Password/), 'a long password');
    await user.type(within(dialog).getByLabelText(/^Confirm password/), 'a long password');
    await user.click(within(dialog).getByRole('checkbox'));
    // Without the code the form says so before calling the server.
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(body).toEqual({});
    await user.type(within(dialog).getByLabelText(/^Mobile number/), '9171234567');
    await user.type(within(dialog).getByLabelText(/^Verification code/), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(body).toMatchObject({ username: 'alice01', mobileNum: '9171234567', verificationCode: '123456' }),
    );
  });

  it('with REGMOBVERF3 off, the username tab has no phone fields', async () => {
    server.use(http.get('*/wps/system/setting/register', () => ok(rules)));
    renderAt('/');
    useUi.getState().open('register');
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByLabelText(/^Username/);
    expect(within(dialog).queryByLabelText(/^Mobile number/)).toBeNull();
  });

  it('links the 18+ terms text to the terms article, in a new tab so the form keeps its values', async () => {
    server.use(http.get('*/wps/system/setting/register', () => ok(rules)));
    renderAt('/');
    useUi.getState().open('register');
    const dialog = await screen.findByRole('dialog');
    const link = await within(dialog).findByRole('link', { name: 'terms and conditions' });
    expect(link.getAttribute('href')).toBe('/help#terms');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(
      within(dialog).getByRole('checkbox', { name: /I am 18 or older and I accept the terms and conditions/ }),
    ).toBeTruthy();
  });
});
