import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import tl from '../../i18n/locales/tl/main.ts';
import { useSession } from '../../state/session.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';

const memberInfo = (language: string) =>
  http.get('*/wps/member/info', () =>
    ok({
      id: '7',
      account: 'member7',
      nickname: null,
      type: 0,
      isAgent: false,
      isTrial: false,
      language,
      mobile: null,
      email: null,
      lastLoginAt: null,
      previousLoginAt: null,
    }),
  );

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('language of a logged-in member', () => {
  it('sends the language chosen in the selector to the account', async () => {
    const sent: unknown[] = [];
    server.use(
      memberInfo('en'),
      http.put('*/wps/member/language', async ({ request }) => {
        sent.push(await request.json());
        return ok(null);
      }),
    );
    useSession.getState().setToken('t'.repeat(43));
    renderAt('/');
    await within(await screen.findByRole('banner')).findByRole('link', { name: /Member centre/ });
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'ty');
    await waitFor(() => expect(sent).toEqual([{ language: 'ty' }]));
    expect(await screen.findByRole('link', { name: 'Trang chủ' })).toBeTruthy();
  });

  it('does not call the account API for a visitor', async () => {
    let called = false;
    server.use(
      http.put('*/wps/member/language', () => {
        called = true;
        return ok(null);
      }),
    );
    renderAt('/');
    await userEvent.selectOptions(await screen.findByLabelText('Language'), 'ty');
    expect(await screen.findByRole('link', { name: 'Trang chủ' })).toBeTruthy();
    expect(called).toBe(false);
  });

  it('starts a session in the language kept on the account', async () => {
    server.use(memberInfo('ty'));
    useSession.getState().setToken('t'.repeat(43));
    renderAt('/');
    expect(await screen.findByRole('link', { name: 'Trang chủ' })).toBeTruthy();
    expect(i18n.language).toBe('ty');
  });

  it('offers Tagalog (TL) and renders the site in it, kept on the account', async () => {
    const sent: unknown[] = [];
    server.use(
      memberInfo('en'),
      http.put('*/wps/member/language', async ({ request }) => {
        sent.push(await request.json());
        return ok(null);
      }),
    );
    useSession.getState().setToken('t'.repeat(43));
    renderAt('/');
    await within(await screen.findByRole('banner')).findByRole('link', { name: /Member centre/ });
    const select = screen.getByLabelText('Language');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['English', 'Tiếng Việt', 'Tagalog']);
    await userEvent.selectOptions(select, 'tl');
    await waitFor(() => expect(sent).toEqual([{ language: 'tl' }]));
    expect((await screen.findAllByRole('link', { name: tl.nav.promotions })).length).toBeGreaterThan(0);
    expect(screen.queryAllByRole('link', { name: 'Promotions' })).toEqual([]);
    expect(screen.getByLabelText(tl.header.language)).toBeTruthy();
    expect(document.documentElement.lang).toBe('tl');
    expect(i18n.t('auth.signOut')).toBe('Mag-log out');
  });
});
