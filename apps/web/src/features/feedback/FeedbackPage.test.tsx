import type { FeedbackItem } from '@sea/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../state/session.ts';
import { lastSocket, sockets } from '../../test/fake-socket.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';

/** Member centre › feedback: the form's checks, the multipart it sends, the member's list; the badge follows the socket. */
function setup() {
  const list: FeedbackItem[] = [
    {
      reference: 'FBK-AAAA1111',
      questionType: 'withdrawal',
      content: 'Old question',
      status: 'answered',
      imageCount: 0,
      reply: 'Old answer',
      createdAt: '2026-11-20T04:00:00.000Z',
      repliedAt: '2026-11-20T05:00:00.000Z',
    },
  ];
  const sent: { type: string; fields: Record<string, string>; images: string[] }[] = [];
  server.use(
    http.get('*/wps/member/messages/unread', () => ok({ unreadCount: 0 })),
    http.get('*/wps/feedback', () => ok({ list, total: list.length, pageNo: 1, pageSize: 5 })),
    http.put('*/wps/feedback', async ({ request }) => {
      const form = await request.formData();
      const fields: Record<string, string> = {};
      const images: string[] = [];
      for (const [k, v] of form) {
        if (typeof v === 'string') fields[k] = v;
        else images.push(v.name);
      }
      sent.push({ type: request.headers.get('content-type') ?? '', fields, images });
      const item: FeedbackItem = {
        reference: 'FBK-BBBB2222',
        questionType: fields.questionType as FeedbackItem['questionType'],
        content: fields.content!,
        status: 'new',
        imageCount: images.length,
        reply: null,
        createdAt: '2026-11-21T04:00:00.000Z',
        repliedAt: null,
      };
      list.unshift(item);
      return ok(item);
    }),
  );
  useSession.getState().setToken('f'.repeat(43));
  return { sent };
}

const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

describe('feedback page', () => {
  it('checks type, word count and image type, then sends a multipart form with the images', async () => {
    const { sent } = setup();
    const user = userEvent.setup({ applyAccept: false });
    renderAt('/member/feedback');
    const form = await screen.findByRole('form', { name: 'Send feedback' }, { timeout: 30_000 });
    const mine = await screen.findByRole('region', { name: 'My feedback' });
    await within(mine).findByText('Old answer');

    await user.type(within(form).getByLabelText(/Content/), 'too few words');
    await user.click(within(form).getByRole('button', { name: 'Send feedback' }));
    expect(await within(form).findByText('Choose a question type')).toBeTruthy();
    expect(within(form).getByText('Feedback content is between 5 and 300 words.')).toBeTruthy();
    expect(within(form).getByText('3 / 300 words')).toBeTruthy();

    await user.selectOptions(within(form).getByLabelText(/Question type/), 'deposit');
    await user.clear(within(form).getByLabelText(/Content/));
    await user.type(within(form).getByLabelText(/Content/), 'my deposit has not arrived yet');
    await user.upload(within(form).getByLabelText('Image 2'), new File(['GIF89a'], 'x.gif', { type: 'image/gif' }));
    expect(await within(form).findByText('Images must be PNG or JPG')).toBeTruthy();
    await user.upload(within(form).getByLabelText('Image 2'), png('a.png'));
    await user.upload(within(form).getByLabelText('Image 3'), png('b.png'));
    await user.click(within(form).getByRole('button', { name: 'Send feedback' }));

    expect(await within(form).findByText('Thank you. Your feedback FBK-BBBB2222 was sent.')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.type).toMatch(/^multipart\/form-data/);
    expect(sent[0]!.fields).toEqual({ questionType: 'deposit', content: 'my deposit has not arrived yet' });
    expect(sent[0]!.images).toEqual(['a.png', 'b.png']);
    expect(await within(mine).findByText('FBK-BBBB2222')).toBeTruthy();
    expect(within(mine).getByText('Waiting')).toBeTruthy();
  });

  it('shows the server refusal; the messages badge follows the pushed count', async () => {
    setup();
    server.use(
      http.put('*/wps/feedback', () =>
        HttpResponse.json(
          { success: false, code: 'too_many_requests', message: 'Too many', value: null },
          { status: 429 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderAt('/member/feedback');
    const form = await screen.findByRole('form', { name: 'Send feedback' }, { timeout: 30_000 });
    await user.selectOptions(within(form).getByLabelText(/Question type/), 'other');
    await user.type(within(form).getByLabelText(/Content/), 'one two three four five');
    await user.click(within(form).getByRole('button', { name: 'Send feedback' }));
    expect((await within(form).findByRole('alert')).textContent).toMatch(/Too many requests/);

    await waitFor(() => expect(sockets).toHaveLength(1));
    act(() => lastSocket().fire('connect'));
    act(() => lastSocket().fire('messages', { unread: 2 }));
    const menu = screen.getByRole('navigation', { name: 'Member centre' });
    expect(await within(menu).findByRole('link', { name: 'Messages (2 unread)' })).toBeTruthy();
  });
});
