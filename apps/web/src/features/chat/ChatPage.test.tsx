import { ANONYMISED_TEXT, CHAT_LOBBY, type ChatMessage } from '@sea/contracts';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../state/session.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';

/** The chat room shows an anonymised member's messages (issue 25) translated, never the stored marker. */
describe('chat room: messages of an anonymised account', () => {
  it("shows 'Message removed' and 'Former player' in place of the server's marker", async () => {
    const message = (id: string, name: string, text: string): ChatMessage => ({
      id,
      room: CHAT_LOBBY,
      name,
      mine: false,
      text,
      slip: null,
      createdAt: '2026-11-29T04:00:00.000Z',
    });
    server.use(
      http.get('*/wps/member/messages/unread', () => ok({ unreadCount: 0 })),
      http.get('*/wps/chat/rooms', () =>
        ok({
          rooms: [{ code: CHAT_LOBBY, name: 'Lobby' }],
          standing: { canPost: true, reason: null, mutedUntil: null },
        }),
      ),
      http.get('*/wps/chat/rooms/:room/messages', () =>
        ok({
          room: CHAT_LOBBY,
          messages: [message('1', ANONYMISED_TEXT, ANONYMISED_TEXT), message('2', 'ju***n#a1b2', 'good luck all')],
        }),
      ),
    );
    useSession.getState().setToken('c'.repeat(43));
    renderAt('/chat');
    await screen.findByText('good luck all', undefined, { timeout: 30_000 });
    const log = screen.getByRole('log');
    expect(within(log).getByText('Message removed')).toBeTruthy();
    expect(within(log).getByText('Former player')).toBeTruthy();
    expect(within(log).getByText('ju***n#a1b2')).toBeTruthy();
    expect(within(log).queryByText(ANONYMISED_TEXT)).toBeNull();
  });
});
