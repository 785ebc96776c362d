import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../../state/session.ts';
import { lastSocket, sockets } from '../../test/fake-socket.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';

afterEach(() => useSession.getState().clear());

describe('header menu counts', { timeout: 30_000 }, () => {
  it('shows the unread messages and claimable rewards from the server and follows the pushed events', async () => {
    let rewards = 2;
    server.use(
      http.get('*/wps/member/messages/unread', () => ok({ unreadCount: 3 })),
      http.get('*/wps/rewards/summary', () => ok({ rewards, missions: 0 })),
    );
    useSession.getState().setToken('m'.repeat(43));
    const user = userEvent.setup();
    renderAt('/');
    const button = await screen.findByRole('button', { name: /^Account menu of / });
    // the button's count: 3 messages + 2 rewards
    await waitFor(() => expect(button.textContent).toContain('5'));
    expect(screen.getByRole('link', { name: /Member centre \(5 new items waiting\)$/ })).toBeTruthy();
    await user.click(button);
    const panel = document.getElementById('account-menu')!;
    expect(within(panel).getByRole('link', { name: 'Messages (3 unread)' }).getAttribute('href')).toBe(
      '/member/messageV2',
    );
    expect(within(panel).getByRole('link', { name: 'Reward centre (2 to claim)' })).toBeTruthy();

    await waitFor(() => expect(sockets).toHaveLength(1));
    act(() => lastSocket().fire('connect'));
    act(() => lastSocket().fire('messages', { unread: 0 }));
    expect(await within(panel).findByRole('link', { name: 'Messages' })).toBeTruthy();
    rewards = 4;
    act(() => lastSocket().fire('rewards', {}));
    expect(await within(panel).findByRole('link', { name: 'Reward centre (4 to claim)' })).toBeTruthy();
    await waitFor(() => expect(button.textContent).toContain('4'));
  });
});
