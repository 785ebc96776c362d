import {
  DEFAULT_PROFILE_MODES,
  type MemberProfile,
  normaliseProfileValue,
  PROFILE_FIELDS,
  type ProfileUpdate,
} from '@sea/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../state/session.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';

/** Security centre: the profile form (modes, checks, server field errors, real name once) and closing the account. */
function setup(over: Partial<MemberProfile> = {}) {
  let profile: MemberProfile = {
    values: Object.fromEntries(PROFILE_FIELDS.map((f) => [f, null])) as MemberProfile['values'],
    mobile: '+63 9171234567',
    realNameLocked: false,
    emailVerified: false,
    settings: {
      minAge: 18,
      fields: { ...DEFAULT_PROFILE_MODES, zalo: 'hidden', address: 'required' },
      closedRetentionDays: 1825,
    },
    ...over,
  };
  const sent: ProfileUpdate[] = [];
  const closes: unknown[] = [];
  server.use(
    http.get('*/wps/member/info/icon', () => ok({ image: null })),
    http.get('*/wps/member/profile', () => ok(profile)),
    http.put('*/wps/member/profile', async ({ request }) => {
      const body = (await request.json()) as ProfileUpdate;
      sent.push(body);
      if (body.birthday === '2000-01-01')
        return HttpResponse.json(
          {
            success: false,
            code: 'profile_under_age',
            message: 'You must be at least 30 years old.',
            value: { fields: [{ field: 'birthday', reason: 'underAge', message: 'under age' }], minAge: 30 },
          },
          { status: 400 },
        );
      const values = { ...profile.values };
      for (const [k, v] of Object.entries(body))
        values[k as keyof typeof values] = normaliseProfileValue(k as never, v);
      profile = { ...profile, values, realNameLocked: values.realName !== null };
      return ok(profile);
    }),
    http.post('*/wps/member/close', async ({ request }) => {
      closes.push(await request.json());
      if (closes.length === 1)
        return HttpResponse.json(
          {
            success: false,
            code: 'account_balance_not_zero',
            message: 'money left',
            value: { wallets: [{ account: 'member:7:main', balance: '500' }] },
          },
          { status: 409 },
        );
      return ok({ closedAt: '2026-11-26T04:00:00.000Z' });
    }),
  );
  useSession.getState().setToken('p'.repeat(43));
  return { sent, closes };
}

describe('security centre profile', () => {
  it("shows the merchant's fields, checks them in the browser, and sends only the editable ones", async () => {
    const { sent } = setup();
    const user = userEvent.setup();
    renderAt('/member/securityCenter');
    const form = await screen.findByRole('form', { name: 'My profile' }, { timeout: 30_000 });
    // Hidden: not shown; required: marked.
    expect(within(form).queryByLabelText(/Zalo/)).toBeNull();
    expect(within(form).getByLabelText(/Address/)).toHaveProperty('required', true);
    expect(within(form).getByText('+63 9171234567')).toBeTruthy();

    await user.type(within(form).getByLabelText(/Nickname/), 'A');
    await user.type(within(form).getByLabelText(/E-mail/), 'nope@nowhere');
    await user.type(within(form).getByLabelText(/Date of birth/), '2020-01-01');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await within(form).findByText('Too short.')).toBeTruthy();
    expect(within(form).getByText('Enter the correct information.')).toBeTruthy();
    expect(within(form).getByText('You must be at least 18 years old.', { selector: '.field__error' })).toBeTruthy();
    expect(within(form).getByText('This field is required.')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.clear(within(form).getByLabelText(/Nickname/));
    await user.type(within(form).getByLabelText(/Nickname/), 'Lucky');
    await user.clear(within(form).getByLabelText(/E-mail/));
    await user.type(within(form).getByLabelText(/E-mail/), 'me@example.com');
    await user.clear(within(form).getByLabelText(/Date of birth/));
    await user.type(within(form).getByLabelText(/Date of birth/), '1990-05-17');
    await user.type(within(form).getByLabelText(/Address/), '12 Rizal Ave');
    await user.type(within(form).getByLabelText(/Real name/), 'Maria Santos');
    await user.selectOptions(within(form).getByLabelText(/Source of income/), 'salary');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await within(form).findByText('Your profile is saved.')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      nickname: 'Lucky',
      email: 'me@example.com',
      birthday: '1990-05-17',
      address: '12 Rizal Ave',
      realName: 'Maria Santos',
      incomeSource: 'salary',
      telegram: null,
    });
    expect(sent[0]).not.toHaveProperty('zalo');
    // Set once: the real name is now shown, not an input.
    await within(form).findByText('Set. Contact customer service to change it.');
    expect(within(form).queryByLabelText(/Real name/)).toBeNull();
  });

  it("puts the server's under-age refusal under the birthday", async () => {
    const { sent } = setup({
      values: { ...Object.fromEntries(PROFILE_FIELDS.map((f) => [f, null])), address: 'Somewhere 1' } as never,
    });
    const user = userEvent.setup();
    renderAt('/member/securityCenter');
    const form = await screen.findByRole('form', { name: 'My profile' }, { timeout: 30_000 });
    await user.type(within(form).getByLabelText(/Date of birth/), '2000-01-01');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await within(form).findByText('You are under the minimum age of this site.')).toBeTruthy();
    expect(sent).toHaveLength(1);
  });
});

describe('closing the account', () => {
  it('needs the password and the confirmation, says to withdraw first, then logs out', async () => {
    const { closes } = setup();
    const user = userEvent.setup();
    renderAt('/member/securityCenter');
    const form = await screen.findByRole('form', { name: 'Close my account' }, { timeout: 30_000 });
    await user.click(within(form).getByRole('button', { name: 'Close my account' }));
    expect(await within(form).findByText('Enter your login password.')).toBeTruthy();
    expect(within(form).getByText('Tick the box to confirm.')).toBeTruthy();
    expect(closes).toEqual([]);

    await user.type(within(form).getByLabelText(/Login password/), 'secret pw 1');
    await user.click(within(form).getByLabelText(/I understand/));
    await user.click(within(form).getByRole('button', { name: 'Close my account' }));
    expect(await within(form).findByText(/Your wallets still hold money: withdraw it/)).toBeTruthy();
    expect(useSession.getState().token).not.toBeNull();

    await user.click(within(form).getByRole('button', { name: 'Close my account' }));
    await waitFor(() => expect(useSession.getState().token).toBeNull());
    expect(closes).toEqual([{ password: 'secret pw 1' }, { password: 'secret pw 1' }]);
  });
});

describe('security centre mobile number', () => {
  it('sends a code with the password, then changes the number with it; a taken number says so', async () => {
    setup();
    const asked: unknown[] = [];
    const changes: unknown[] = [];
    server.use(
      http.get('*/wps/system/country', () =>
        ok([
          { countryCode: 'PH', countryDialingCode: '63' },
          { countryCode: 'VN', countryDialingCode: '84' },
        ]),
      ),
      http.post('*/wps/member/mobile/code', async ({ request }) => {
        const body = (await request.json()) as { mobileNum: string };
        asked.push(body);
        if (body.mobileNum === '9170000000')
          return HttpResponse.json(
            { success: false, code: 'mobile_in_use', message: 'used', value: null },
            { status: 409 },
          );
        return ok({ expiredMinutes: 5, resendAfterSeconds: 60 });
      }),
      http.put('*/wps/member/mobile', async ({ request }) => {
        changes.push(await request.json());
        return ok({ mobile: '+84 912345678' });
      }),
    );
    const user = userEvent.setup();
    renderAt('/member/securityCenter');
    const section = await screen.findByRole('region', { name: 'Mobile number' }, { timeout: 30_000 });
    expect(within(section).getByText('Your number: +63 9171234567')).toBeTruthy();
    const form = within(section).getByRole('form', { name: 'Mobile number' });
    await user.click(within(form).getByRole('button', { name: 'Send code' }));
    expect(await within(form).findByText('Enter your login password.')).toBeTruthy();
    expect(asked).toEqual([]);

    await user.type(within(form).getByLabelText(/New mobile number/), '917 000 0000');
    await user.type(within(form).getByLabelText(/Login password/), 'secret pw 1');
    await user.click(within(form).getByRole('button', { name: 'Send code' }));
    expect(await within(section).findByText('This mobile number is used by another account.')).toBeTruthy();

    await user.selectOptions(within(form).getByLabelText(/Country code/), '84');
    await user.clear(within(form).getByLabelText(/New mobile number/));
    await user.type(within(form).getByLabelText(/New mobile number/), '912-345-678');
    await user.click(within(form).getByRole('button', { name: 'Send code' }));
    const codeForm = await within(section).findByRole('form', { name: 'SMS code' });
    expect(within(codeForm).getByText('We sent a code to +84 912345678. It expires in 5 minutes.')).toBeTruthy();
    expect(asked.at(-1)).toEqual({ countryDialingCode: '84', mobileNum: '912345678', password: 'secret pw 1' });

    await user.type(within(codeForm).getByLabelText(/SMS code/), '12');
    await user.click(within(codeForm).getByRole('button', { name: 'Change number' }));
    expect(await within(codeForm).findByText('Enter the 6-digit code.')).toBeTruthy();
    await user.type(within(codeForm).getByLabelText(/SMS code/), '3456');
    await user.click(within(codeForm).getByRole('button', { name: 'Change number' }));
    expect(await within(section).findByText('Your mobile number is now +84 912345678.')).toBeTruthy();
    expect(changes).toEqual([{ countryDialingCode: '84', mobileNum: '912345678', code: '123456' }]);
  });
});
