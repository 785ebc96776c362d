import { DEFAULT_PROFILE_MODES, type ProfileSettings, type SiteSettings } from '@sea/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, meHandler, meOf, ok, recorder, renderAdmin, server } from '../../test/render-admin.tsx';

const settingsOf = (over: Partial<SiteSettings> = {}): SiteSettings => ({
  merchant: {
    code: 'demo',
    name: 'Demo Casino',
    currency: 'PHP',
    timezone: 'Asia/Manila',
    defaultLanguage: 'en',
    languages: ['en', 'ty'],
  },
  maintenance: false,
  maintenanceMessage: null,
  maintenanceEndsAt: null,
  regionMode: 'off',
  regionCountries: [],
  requireEncryption: false,
  loginCheck: 'off',
  flags: [
    { flag: 'VIP3', description: 'VIP programme', enabled: false, default: false },
    { flag: 'FREEPLAY3', description: 'Free-play (trial) accounts', enabled: true, default: true },
  ],
  domains: [{ domain: 'play.example.com', kind: 'web', primary: true }],
  registration: [
    {
      field: 'email',
      rule: { enabled: true, required: false, minLength: 5, maxLength: 100, patternId: 5, acceptedPattern: '*' },
    },
  ],
  ...over,
});

const depositMethods = {
  currency: 'PHP',
  exponent: 2,
  items: [
    {
      code: 'BANK',
      name: 'Bank transfer',
      kind: 'bank_transfer',
      gateway: null,
      minAmount: '10000',
      maxAmount: '5000000',
      bank: { bankName: 'BDO', accountNumber: '1234567890', accountName: 'Demo Casino' },
      sort: 1,
      enabled: true,
    },
  ],
};
const withdrawalSettings = {
  currency: 'PHP',
  exponent: 2,
  minAmount: '10000',
  maxAmount: '5000000',
  confirmWindowMinutes: 60,
  cancelAllowed: false,
};

const profileSettings = (): ProfileSettings => ({
  minAge: 18,
  fields: { ...DEFAULT_PROFILE_MODES },
  closedRetentionDays: 1825,
});
const profileHandler = () => http.get('*/admin/api/site-settings/profile', () => ok(profileSettings()));

describe('merchant settings', () => {
  // The identity rule's section (issue 25): off.
  beforeEach(() => {
    server.use(
      http.get('*/admin/api/kyc/settings', () => ok({ withdrawalThreshold: null, currency: 'PHP', exponent: 2 })),
      http.get('*/admin/api/deposit-methods', () => ok(depositMethods)),
      http.get('*/admin/api/withdrawal-settings', () => ok(withdrawalSettings)),
      http.get('*/admin/api/site-settings/rg-help', () => ok({ texts: {}, languages: ['en', 'ty', 'tl'] })),
    );
  });

  it('responsible-gaming help: a text per site language; an empty one is sent empty (the site’s own help shows)', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    server.use(
      meHandler(),
      http.get('*/admin/api/site-settings', () => ok(settingsOf())),
      profileHandler(),
      http.get('*/admin/api/site-settings/rg-help', () =>
        ok({ texts: { en: 'Helpline 1800' }, languages: ['en', 'ty', 'tl'] }),
      ),
      http.put('*/admin/api/site-settings/rg-help', async ({ request }) => {
        await calls.record(request);
        const body = (await request.clone().json()) as { texts: Record<string, string> };
        const texts = Object.fromEntries(Object.entries(body.texts).filter(([, v]) => v));
        return ok({ texts, languages: ['en', 'ty', 'tl'] });
      }),
    );
    renderAdmin('/settings', { token: 't' });
    const section = await screen.findByRole('region', { name: 'Responsible gaming: help contacts' });
    const en = await within(section).findByLabelText('Help text: English');
    expect((en as HTMLTextAreaElement).value).toBe('Helpline 1800');
    const tl = within(section).getByLabelText('Help text: Tagalog (TL)');
    await user.type(tl, 'Tumawag sa 1800');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Saved.')).toBeTruthy();
    expect(calls.calls.at(-1)).toMatchObject({
      method: 'PUT',
      body: { texts: { en: 'Helpline 1800', ty: '', tl: 'Tumawag sa 1800' } },
    });
  });

  it('limits: the deposit methods and the withdrawal limits in one place; a maximum below the minimum is refused before any call, a change is sent in major units', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    server.use(
      meHandler(),
      http.get('*/admin/api/site-settings', () => ok(settingsOf())),
      http.put('*/admin/api/withdrawal-settings', async ({ request }) => {
        await calls.record(request);
        return ok({ ...withdrawalSettings, minAmount: '20000', maxAmount: '3000000' });
      }),
    );
    renderAdmin('/settings', { token: 't' });
    const section = await screen.findByRole('region', { name: 'Limits' });
    expect(await within(section).findByRole('row', { name: 'Bank transfer 100.00 PHP 50,000.00 PHP On' })).toBeTruthy();
    expect(
      within(section)
        .getByRole('link', { name: /Payment methods/ })
        .getAttribute('href'),
    ).toBe('/admin/payments/methods');
    const min = await within(section).findByLabelText('Minimum (PHP)');
    await waitFor(() => expect((min as HTMLInputElement).value).toBe('100.00'));
    const max = within(section).getByLabelText('Maximum (PHP)');
    await user.clear(min);
    await user.type(min, '200');
    await user.clear(max);
    await user.type(max, '150');
    await user.click(within(section).getByRole('button', { name: 'Save withdrawal limits' }));
    expect(await within(section).findByText('The maximum cannot be below the minimum')).toBeTruthy();
    expect(calls.calls).toHaveLength(0);
    await user.clear(max);
    await user.type(max, '30000');
    await user.click(within(section).getByRole('button', { name: 'Save withdrawal limits' }));
    expect(await within(section).findByText('Saved.')).toBeTruthy();
    expect(calls.calls[0]).toMatchObject({
      method: 'PUT',
      body: { minAmount: '200', maxAmount: '30000', confirmWindowMinutes: 60, cancelAllowed: false },
    });
  });

  it('limits: read-only without payments.settings; without payments.view a note and no payment call', async () => {
    const calls = recorder();
    server.use(
      meHandler(meOf({ permissions: ['settings.view', 'payments.view'] })),
      http.get('*/admin/api/site-settings', () => ok(settingsOf())),
    );
    const first = renderAdmin('/settings', { token: 't' });
    const section = await screen.findByRole('region', { name: 'Limits' });
    await within(section).findByRole('row', { name: /Bank transfer/ });
    expect(within(section).queryByRole('button', { name: 'Save withdrawal limits' })).toBeNull();
    first.unmount();

    server.use(
      meHandler(meOf({ permissions: ['settings.view'] })),
      http.get('*/admin/api/deposit-methods', async ({ request }) => {
        await calls.record(request);
        return ok(depositMethods);
      }),
    );
    renderAdmin('/settings', { token: 't' });
    const noted = await screen.findByRole('region', { name: 'Limits' });
    expect(within(noted).getByText(/Your role does not show the payment limits/)).toBeTruthy();
    expect(calls.calls).toHaveLength(0);
  });

  it('identity rule: entered in major units, sent in minor units; empty turns it off', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    server.use(
      meHandler(),
      http.get('*/admin/api/site-settings', () => ok(settingsOf())),
      http.put('*/admin/api/kyc/settings', async ({ request }) => {
        await calls.record(request);
        const body = (await request.clone().json()) as { withdrawalThreshold: string | null };
        return ok({ ...body, currency: 'PHP', exponent: 2 });
      }),
    );
    renderAdmin('/settings', { token: 't' });
    const section = await screen.findByRole('region', { name: 'Identity verification for withdrawals' });
    expect(await within(section).findByText('Off: no withdrawal needs an approved identity.')).toBeTruthy();
    const input = within(section).getByLabelText('Require approved identity above (PHP)');
    await user.type(input, '12.345');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText(/Enter an amount/)).toBeTruthy();
    await user.clear(input);
    await user.type(input, '5000.5');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(
      await within(section).findByText('Now: withdrawals above 5,000.50 PHP need an approved identity.'),
    ).toBeTruthy();
    expect(calls.calls.at(-1)).toMatchObject({ method: 'PUT', body: { withdrawalThreshold: '500050' } });
    await user.clear(input);
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Off: no withdrawal needs an approved identity.')).toBeTruthy();
    expect(calls.calls.at(-1)).toMatchObject({ body: { withdrawalThreshold: null } });
  });

  it('a flag is turned on only after the confirmation; the answer replaces the settings', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    server.use(
      meHandler(),
      http.get('*/admin/api/site-settings', () => ok(settingsOf())),
      profileHandler(),
      http.put('*/admin/api/site-settings/flags/:flag', async ({ request }) => {
        await calls.record(request);
        return ok(
          settingsOf({ flags: [{ flag: 'VIP3', description: 'VIP programme', enabled: true, default: false }] }),
        );
      }),
    );
    renderAdmin('/settings', { token: 't' });
    await user.click(await screen.findByRole('button', { name: 'Turn on: VIP programme' }));
    const confirm = await screen.findByRole('dialog', { name: 'Turn on: VIP programme' });
    expect(calls.calls).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('button', { name: 'Turn off: VIP programme' })).toBeTruthy();
    expect(calls.calls[0]).toMatchObject({ path: '/admin/api/site-settings/flags/VIP3', body: { enabled: true } });
    expect(screen.getByText(/changed from the standard/)).toBeTruthy();
  });

  it('access: only the changed settings are sent, after a summary; a refusal stays in the dialog', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    server.use(
      meHandler(),
      http.get('*/admin/api/site-settings', () => ok(settingsOf())),
      profileHandler(),
      http.patch('*/admin/api/site-settings', async ({ request }) => {
        await calls.record(request);
        return calls.calls.length === 1
          ? fail(400, 'validation_failed', 'A region rule needs at least one country')
          : ok(settingsOf({ regionMode: 'block', regionCountries: ['US'] }));
      }),
    );
    renderAdmin('/settings', { token: 't' });
    await user.selectOptions(await screen.findByLabelText('Region rule'), 'block');
    await user.click(screen.getByRole('button', { name: 'Save access settings' }));
    const confirm = await screen.findByRole('dialog', { name: 'Change these settings?' });
    await user.click(within(confirm).getByRole('button', { name: 'Save' }));
    expect(await within(confirm).findByText('A region rule needs at least one country')).toBeTruthy();
    expect(calls.calls[0]!.body).toEqual({ regionMode: 'block', regionCountries: [] });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await user.type(screen.getByLabelText('Countries'), 'us');
    await user.click(screen.getByRole('button', { name: 'Save access settings' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.calls[1]!.body).toEqual({ regionMode: 'block', regionCountries: ['US'] }));
  });

  it('the new-device login check: the chosen check is sent after a summary naming it', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    server.use(
      meHandler(),
      http.get('*/admin/api/site-settings', () => ok(settingsOf())),
      http.patch('*/admin/api/site-settings', async ({ request }) => {
        await calls.record(request);
        return ok(settingsOf({ loginCheck: 'email' }));
      }),
    );
    renderAdmin('/settings', { token: 't' });
    const select = await screen.findByLabelText('Login from a new device and network');
    expect((select as HTMLSelectElement).value).toBe('off');
    await user.selectOptions(select, 'email');
    await user.click(screen.getByRole('button', { name: 'Save access settings' }));
    const confirm = await screen.findByRole('dialog', { name: 'Change these settings?' });
    expect(within(confirm).getByText('Login from a new device and network: Ask for an e-mail code')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.calls[0]!.body).toEqual({ loginCheck: 'email' }));
  });

  it('a registration field set to required; read-only staff see the settings without actions', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    server.use(
      meHandler(),
      http.get('*/admin/api/site-settings', () => ok(settingsOf())),
      profileHandler(),
      http.put('*/admin/api/site-settings/registration/:field', async ({ request }) => {
        await calls.record(request);
        return ok(settingsOf());
      }),
    );
    const view = renderAdmin('/settings', { token: 't' });
    await user.click(await screen.findByRole('button', { name: 'Change the field email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the field Email' });
    await user.selectOptions(within(dialog).getByLabelText('Shown'), 'required');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.calls[0]).toMatchObject({
        path: '/admin/api/site-settings/registration/email',
        body: { enabled: true, required: true, minLength: 5, maxLength: 100, patternId: 5, acceptedPattern: '*' },
      }),
    );
    view.unmount();

    server.use(meHandler(meOf({ role: 'auditor', permissions: ['settings.view'] })));
    renderAdmin('/settings', { token: 't' });
    expect(await screen.findByText('play.example.com')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Turn on/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save access settings' })).toBeNull();
  });
  it('player profile: a field made required and hidden, the minimum age raised; only the changes are sent', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    server.use(
      meHandler(),
      http.get('*/admin/api/site-settings', () => ok(settingsOf())),
      profileHandler(),
      http.put('*/admin/api/site-settings/profile', async ({ request }) => {
        await calls.record(request);
        const body = (await request.clone().json()) as { minAge?: number; fields?: Record<string, string> };
        return ok({ minAge: body.minAge ?? 18, fields: { ...DEFAULT_PROFILE_MODES, ...body.fields } });
      }),
    );
    renderAdmin('/settings', { token: 't' });
    const form = await screen.findByRole('form', { name: 'Player profile' });
    await user.selectOptions(within(form).getByLabelText('Address'), 'required');
    await user.selectOptions(within(form).getByLabelText('Zalo'), 'hidden');
    await user.clear(within(form).getByLabelText('Minimum age'));
    await user.type(within(form).getByLabelText('Minimum age'), '30');
    await user.click(within(form).getByRole('button', { name: 'Save profile settings' }));
    expect(await within(form).findByText('Between 16 and 25 years.', { selector: '.bo-field__error' })).toBeTruthy();
    expect(calls.calls).toEqual([]);
    await user.clear(within(form).getByLabelText('Minimum age'));
    await user.type(within(form).getByLabelText('Minimum age'), '21');
    await user.click(within(form).getByRole('button', { name: 'Save profile settings' }));
    expect(await within(form).findByText('Saved. The change is in the audit log.')).toBeTruthy();
    expect(calls.calls.map((c) => c.body)).toEqual([{ fields: { zalo: 'hidden', address: 'required' }, minAge: 21 }]);
  });
});
