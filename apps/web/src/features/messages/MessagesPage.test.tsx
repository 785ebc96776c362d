import type { MessageDetail, MessagePage } from '@sea/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../state/session.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';

const at = Date.parse('2026-11-20T04:00:00Z');

/** An inbox of two messages kept by the fake server; POST …/read marks one read. */
function setup(opts: { total?: number } = {}) {
  const messages: (MessageDetail & { unread: boolean })[] = [
    {
      id: '12',
      title: 'Maintenance tonight',
      content: '<p>From <b>02:00</b></p>',
      sentAt: at,
      broadcast: true,
      unread: true,
    },
    { id: '9', title: 'Your bonus', content: '<p>Paid</p>', sentAt: at - 86_400_000, broadcast: false, unread: false },
  ];
  const unread = () => messages.filter((m) => m.unread).length;
  const reads: string[] = [];
  server.use(
    http.get('*/wps/member/messages', ({ request }) => {
      const pageNo = Number(new URL(request.url).searchParams.get('pageNo'));
      const page: MessagePage = {
        list: messages.map(({ content: _c, ...m }) => m),
        total: opts.total ?? messages.length,
        unreadCount: unread(),
        pageNo,
        pageSize: 10,
      };
      return ok(page);
    }),
    http.get('*/wps/member/messages/unread', () => ok({ unreadCount: unread() })),
    http.get('*/wps/member/messages/:id', ({ params }) => {
      const m = messages.find((x) => x.id === params.id);
      return m
        ? ok(m)
        : HttpResponse.json({ success: false, code: 'message_not_found', message: 'x', value: null }, { status: 404 });
    }),
    http.post('*/wps/member/messages/:id/read', ({ params }) => {
      reads.push(String(params.id));
      for (const m of messages) if (m.id === params.id) m.unread = false;
      return ok({ unreadCount: unread() });
    }),
  );
  useSession.getState().setToken('t'.repeat(43));
  return { reads };
}

describe('member messages page', () => {
  it('lists the messages newest first with the unread one marked; the menu badge counts it', async () => {
    setup();
    renderAt('/member/messageV2');
    const list = await screen.findByRole('list', { name: 'Your messages' });
    const items = within(list).getAllByRole('link');
    expect(items.map((a) => a.textContent)).toEqual([
      'Maintenance tonightNew20/11/2026 12:00:00 · To all members',
      'Your bonus19/11/2026 12:00:00',
    ]);
    expect(screen.getByRole('status').textContent).toBe('2 messages · 1 unread');
    const menu = screen.getByRole('navigation', { name: 'Member centre' });
    expect(await within(menu).findByRole('link', { name: 'Messages (1 unread)' })).toBeTruthy();
  });

  it('opens one, marks it read, and the badge goes down; back returns to the list', async () => {
    const { reads } = setup();
    const user = userEvent.setup();
    renderAt('/member/messageV2');
    const list = await screen.findByRole('list', { name: 'Your messages' });
    const menu = screen.getByRole('navigation', { name: 'Member centre' });
    await within(menu).findByRole('link', { name: 'Messages (1 unread)' });
    await user.click(within(list).getByRole('link', { name: /Maintenance tonight/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Maintenance tonight' })).toBeTruthy();
    expect(screen.getByText('02:00').tagName).toBe('B');
    await waitFor(() => expect(reads).toEqual(['12']));
    await waitFor(() => expect(within(menu).getByRole('link', { name: 'Messages' })).toBeTruthy());
    await user.click(screen.getByRole('link', { name: /All messages/ }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', '2 messages');
    // an already-read message is not marked again
    await user.click(screen.getByRole('link', { name: /Your bonus/ }));
    await screen.findByRole('heading', { level: 1, name: 'Your bonus' });
    expect(reads).toEqual(['12']);
  });

  it('says when there are none', async () => {
    server.use(
      http.get('*/wps/member/messages', () => ok({ list: [], total: 0, unreadCount: 0, pageNo: 1, pageSize: 10 })),
    );
    useSession.getState().setToken('t'.repeat(43));
    renderAt('/member/messageV2');
    expect(await screen.findByText('No messages yet.')).toBeTruthy();
  });

  it('pages a long inbox and refuses a message that is not the member’s', async () => {
    setup({ total: 25 });
    const user = userEvent.setup();
    renderAt('/member/messageV2');
    const pager = await screen.findByRole('navigation', { name: 'Your messages' });
    expect(within(pager).getByText('Page 1 of 3')).toBeTruthy();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await within(pager).findByText('Page 2 of 3')).toBeTruthy();
    renderAt('/member/messageV2?id=404');
    expect(await screen.findByText('This message does not exist.')).toBeTruthy();
  });
});
