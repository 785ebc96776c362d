import type { Banner, Notice } from '@sea/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../../state/session.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';

const notice = (n: number, over: Partial<Notice> = {}): Notice => ({
  id: String(n),
  type: 'PL',
  audience: 'all',
  title: `Notice ${n}`,
  content: `<p>Body ${n}</p><script>window.bad = 1</script>`,
  startDateStr: Date.parse('2026-11-10T04:05:06Z'),
  promotionType: null,
  ...over,
});

/** The content endpoints answering from these lists (notices filtered by the requested types, as the server does). */
function content(notices: Notice[], banners: Banner[] = []) {
  server.use(
    http.get('*/wps/relay/MCSFE_banners', () => ok({ list: banners })),
    http.get('*/wps/relay/MCSFE_notices', ({ request }) => {
      const types = new URL(request.url).searchParams.get('types')!.split(',');
      return ok({ list: notices.filter((n) => types.includes(n.type)) });
    }),
  );
}

afterEach(() => {
  sessionStorage.clear();
  useSession.getState().clear();
});

describe('home content', { timeout: 20_000 }, () => {
  it('shows the operator’s banners and marquee; the line opens the notice popup, 9 per page, times as YYYY-MM-DD HH:mm:ss', async () => {
    const banners: Banner[] = [
      {
        id: '1',
        url: '/media/a.png',
        groupName: 'w_home',
        linkageType: 'game',
        link: '/lottery',
        title: 'Draws',
        text: '',
      },
    ];
    content(
      [notice(100, { type: 'B', title: 'Marquee line' }), ...Array.from({ length: 10 }, (_, i) => notice(i + 1))],
      banners,
    );
    renderAt('/');
    expect(await screen.findByText('Draws')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Draws' }).getAttribute('href')).toBe('/lottery');
    const line = await screen.findByRole('button', { name: 'Open the notices' });
    await waitFor(() => expect(line.textContent).toContain('Marquee line'));
    await userEvent.click(line);
    const dialog = await screen.findByRole('dialog', { name: 'Notices' });
    // 11 notices (10 PL + the marquee's): 9 on the first page
    expect(await within(dialog).findAllByRole('listitem')).toHaveLength(9);
    // Asia/Manila is UTC+8
    expect(within(dialog).getAllByText('2026-11-10 12:05:06').length).toBeGreaterThan(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(within(dialog).getByText('Notice 10'));
    expect(within(dialog).getByText('Body 10')).toBeTruthy();
    // (the sanitising itself is checked in the browser: e2e/tests/content.test.ts)
  });

  it('the announcement popup: 8 per page, a go-to-promotion button where an item has a promotion', async () => {
    content(Array.from({ length: 9 }, (_, i) => notice(i + 1, { type: 'PR', promotionType: i === 0 ? '42' : null })));
    const router = renderAt('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Announcements' }));
    const dialog = await screen.findByRole('dialog', { name: 'Announcements' });
    expect(await within(dialog).findAllByRole('listitem')).toHaveLength(8);
    await userEvent.click(within(dialog).getByText('Notice 1'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go to promotion' }));
    // It opens the reward centre (spec §2), behind login: a visitor gets the login first.
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
  });

  it('the public popup shows a visitor the visitors’ popups once per session', async () => {
    content([
      notice(1, { type: 'PU', audience: 'guest', title: 'Hello visitor' }),
      notice(2, { type: 'PU', audience: 'member', title: 'Members only' }),
      notice(3, { type: 'PU', audience: 'all', title: 'For everyone' }),
      notice(4, { type: 'PU', audience: 'F', title: 'First login' }),
    ]);
    renderAt('/');
    const first = await screen.findByRole('dialog', { name: 'Hello visitor' });
    await userEvent.click(within(first).getByRole('button', { name: 'Next' }));
    const second = await screen.findByRole('dialog', { name: 'For everyone' });
    await userEvent.click(within(second).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sessionStorage.getItem('publicPopup:guest')).toBe('1');
    cleanup();
    // the same session: not again
    renderAt('/');
    await screen.findByRole('button', { name: 'Open the notices' });
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a member on a first login gets the members’ and the F popups under its own key', async () => {
    sessionStorage.setItem('publicPopup:guest', '1');
    sessionStorage.setItem('firstTimeLogin', '1');
    useSession.getState().setToken('t0k');
    content([
      notice(1, { type: 'PU', audience: 'guest', title: 'Hello visitor' }),
      notice(2, { type: 'PU', audience: 'member', title: 'Members only' }),
      notice(4, { type: 'PU', audience: 'F', title: 'First login' }),
    ]);
    renderAt('/');
    const first = await screen.findByRole('dialog', { name: 'Members only' });
    await userEvent.click(within(first).getByRole('button', { name: 'Next' }));
    const second = await screen.findByRole('dialog', { name: 'First login' });
    await userEvent.click(within(second).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(sessionStorage.getItem('publicPopup:member')).toBe('1'));
    expect(sessionStorage.getItem('firstTimeLogin')).toBeNull();
  });
});
