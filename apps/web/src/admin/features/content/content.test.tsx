import type { AdminAnnouncement, AdminMessage, AdminPromotion } from '@sea/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, meHandler, meOf, ok, recorder, renderAdmin, server } from '../../test/render-admin.tsx';

const promotion = (over: Partial<AdminPromotion> = {}): AdminPromotion => ({
  id: '1',
  title: 'Welcome bonus',
  content: '<p>Hi</p>',
  translations: {},
  imageUrl: null,
  category: 'NEW',
  sort: 1,
  startsAt: '2026-11-01T00:00:00.000Z',
  endsAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...over,
});
const message = (over: Partial<AdminMessage> = {}): AdminMessage => ({
  id: '5',
  account: null,
  title: 'Team news',
  content: 'x',
  translations: {},
  createdAt: '2026-11-28T04:00:00.000Z',
  segment: { agentAccount: 'topagent', registeredFrom: '2026-11-01' },
  recipients: 12,
  ...over,
});
const content = meOf({ role: 'content', permissions: ['content.view', 'content.manage'] });

const MEDIA_URL = `/media/${'b'.repeat(64)}.jpg`;

describe('content', () => {
  it('promotions: listed in order, moved down (the new order sent), a new one published, one withdrawn', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    let list = [
      promotion(),
      promotion({ id: '2', title: 'Daily rebate', category: null, endsAt: '2026-01-01T00:00:00.000Z' }),
    ];
    server.use(
      meHandler(content),
      http.get('*/admin/api/promotions', () => ok({ list })),
      http.post('*/admin/api/promotions/order', async ({ request }) => {
        await calls.record(request);
        list = [list[1]!, list[0]!];
        return ok({ list });
      }),
      http.post('*/admin/api/promotions', async ({ request }) => {
        await calls.record(request);
        list = [...list, promotion({ id: '3', title: 'Weekend reload' })];
        return ok(list[2]);
      }),
      http.post('*/admin/api/content/media', () =>
        ok({ url: MEDIA_URL, contentType: 'image/jpeg', bytes: 1200, width: 800, height: 400 }),
      ),
      http.post('*/admin/api/promotions/:id/withdraw', async ({ request }) => {
        await calls.record(request);
        list = list.filter((p) => p.id !== '1');
        return ok({ withdrawn: true });
      }),
    );
    renderAdmin('/content/promotions', { token: 't' });
    const daily = await screen.findByRole('row', { name: /Daily rebate/ });
    expect(within(daily).getByText('Ended')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Move Welcome bonus down' }));
    await waitFor(() =>
      expect(calls.calls[0]).toMatchObject({ path: '/admin/api/promotions/order', body: { ids: ['2', '1'] } }),
    );

    await user.click(screen.getByRole('button', { name: 'New promotion' }));
    const dialog = await screen.findByRole('dialog', { name: 'New promotion' });
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('Enter a title')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Title'), 'Weekend reload');
    await user.type(within(dialog).getByLabelText('Content'), '<p>20 %</p>');
    // The image is uploaded (no URL typed), previewed, and can be removed again.
    const picture = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'promo.jpg', { type: 'image/jpeg' });
    await user.upload(within(dialog).getByLabelText('Image'), picture);
    await waitFor(() =>
      expect(within(dialog).getByAltText('Preview of the promotion image').getAttribute('src')).toBe(MEDIA_URL),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove image' }));
    expect(within(dialog).queryByAltText('Preview of the promotion image')).toBeNull();
    await user.upload(within(dialog).getByLabelText('Image'), picture);
    await within(dialog).findByAltText('Preview of the promotion image');
    // The TL tab: half a text is refused, and the save opens the tab that needs it.
    await user.click(within(dialog).getByRole('tab', { name: 'TL' }));
    await user.type(within(dialog).getByLabelText('Title (TL)'), 'Weekend reload sa TL');
    await user.click(within(dialog).getByRole('tab', { name: 'Default' }));
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('Write both the title and the content, or neither')).toBeTruthy();
    // (the tab opens in an effect after the refused save's render: wait for it)
    await waitFor(() =>
      expect(within(dialog).getByRole('tab', { name: /TL/ }).getAttribute('aria-selected')).toBe('true'),
    );
    await user.type(within(dialog).getByLabelText('Content (TL)'), '<p>20% sa Sabado</p>');
    expect(within(dialog).getByRole('tab', { name: 'TL (written)' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls.find((c) => c.path === '/admin/api/promotions')!.body).toEqual({
      title: 'Weekend reload',
      content: '<p>20 %</p>',
      translations: { tl: { title: 'Weekend reload sa TL', content: '<p>20% sa Sabado</p>' } },
      imageUrl: MEDIA_URL,
    });
    expect(await screen.findByRole('row', { name: /Weekend reload/ })).toBeTruthy();

    await user.click(
      within(screen.getByRole('row', { name: /Welcome bonus/ })).getByRole('button', { name: 'Withdraw' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Withdraw “Welcome bonus”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Welcome bonus/ })).toBeNull());
  });

  it('messages: segments said in words; a message to a segment needs a criterion, then reports who it reached', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    server.use(
      meHandler(content),
      http.get('*/admin/api/messages', () =>
        ok({
          list: [message(), message({ id: '6', account: 'member7', segment: null, recipients: 1, title: 'Hello' })],
          total: 2,
        }),
      ),
      http.post('*/admin/api/messages', async ({ request }) => {
        await calls.record(request);
        return ok(message({ recipients: 3 }));
      }),
    );
    renderAdmin('/content/messages', { token: 't' });
    const row = await screen.findByRole('row', { name: /Team news/ });
    expect(within(row).getByText('Team of topagent · Registered 2026-11-01 – …')).toBeTruthy();
    expect(within(row).getByText('12')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New message' }));
    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    await user.click(within(dialog).getByLabelText('A segment'));
    await user.type(within(dialog).getByLabelText('Title'), 'Team news');
    await user.type(within(dialog).getByLabelText('Content'), 'Hi team');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Choose an agent or a registration date')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Team of agent (account)'), 'topagent');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls[0]!.body).toEqual({
      to: 'segment',
      segment: { agentAccount: 'topagent' },
      title: 'Team news',
      content: 'Hi team',
    });
    expect(await screen.findByText('Sent. Members reached: 3.')).toBeTruthy();
  });

  it('messages: an unknown member is the server’s answer, shown in the form', async () => {
    const user = userEvent.setup();
    server.use(
      meHandler(content),
      http.get('*/admin/api/messages', () => ok({ list: [], total: 0 })),
      http.post('*/admin/api/messages', () => fail(404, 'message_recipient_not_found', 'No member with this account.')),
    );
    renderAdmin('/content/messages', { token: 't' });
    expect(await screen.findByText('No messages sent yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New message' }));
    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    await user.type(within(dialog).getByLabelText('Member account'), 'ghost');
    await user.type(within(dialog).getByLabelText('Title'), 'Hi');
    await user.type(within(dialog).getByLabelText('Content'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('No member with this account.')).toBeTruthy();
  });

  it('announcements: listed with audience; a view-only role sees no actions', async () => {
    const a: AdminAnnouncement = {
      id: '9',
      audience: 'agents',
      title: 'New commission table',
      content: 'x',
      translations: {},
      promotionType: null,
      startsAt: '2026-11-01T00:00:00.000Z',
      endsAt: null,
      createdAt: '2026-11-01T00:00:00.000Z',
    };
    server.use(
      meHandler(meOf({ role: 'auditor', permissions: ['content.view'] })),
      http.get('*/admin/api/announcements', () => ok({ list: [a], total: 1, pageNo: 1, pageSize: 20 })),
    );
    renderAdmin('/content/announcements', { token: 't' });
    const row = await screen.findByRole('row', { name: /New commission table/ });
    expect(within(row).getByText('Agents (agent centre)')).toBeTruthy();
    expect(within(row).getByText('Shown')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New announcement' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('announcements: a published one is edited with its translations (the save replaces it); a refusal is shown', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    let a: AdminAnnouncement = {
      id: '9',
      audience: 'agents',
      title: 'New commission table',
      content: '<p>From Monday</p>',
      translations: { ty: { title: 'Bảng hoa hồng mới', content: '<p>Từ thứ Hai</p>' } },
      promotionType: null,
      startsAt: '2026-11-01T00:00:00.000Z',
      endsAt: null,
      createdAt: '2026-11-01T00:00:00.000Z',
    };
    let refuse = true;
    server.use(
      meHandler(content),
      http.get('*/admin/api/announcements', () => ok({ list: [a], total: 1, pageNo: 1, pageSize: 20 })),
      http.put('*/admin/api/announcements/:id', async ({ request }) => {
        await calls.record(request);
        if (refuse) {
          refuse = false;
          return fail(404, 'announcement_not_found', 'This announcement no longer exists.');
        }
        const body = (await request.clone().json()) as Partial<AdminAnnouncement>;
        a = { ...a, ...body, translations: body.translations ?? {} };
        return ok(a);
      }),
    );
    renderAdmin('/content/announcements', { token: 't' });
    const row = await screen.findByRole('row', { name: /New commission table/ });
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit announcement' });
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('New commission table');
    await user.click(within(dialog).getByRole('tab', { name: /TY/ }));
    expect((within(dialog).getByLabelText('Title (TY)') as HTMLInputElement).value).toBe('Bảng hoa hồng mới');
    await user.clear(within(dialog).getByLabelText('Title (TY)'));
    await user.type(within(dialog).getByLabelText('Title (TY)'), 'Bảng hoa hồng từ thứ Ba');
    await user.click(within(dialog).getByRole('tab', { name: 'Default' }));
    await user.clear(within(dialog).getByLabelText('Title'));
    await user.type(within(dialog).getByLabelText('Title'), 'Commission table from Tuesday');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This announcement no longer exists.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = calls.calls.filter((c) => c.path === '/admin/api/announcements/9');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toMatchObject({
      audience: 'agents',
      title: 'Commission table from Tuesday',
      content: '<p>From Monday</p>',
      startsAt: '2026-11-01T00:00:00.000Z',
      translations: { ty: { title: 'Bảng hoa hồng từ thứ Ba', content: '<p>Từ thứ Hai</p>' } },
    });
    expect(await screen.findByRole('row', { name: /Commission table from Tuesday/ })).toBeTruthy();
  });
});
