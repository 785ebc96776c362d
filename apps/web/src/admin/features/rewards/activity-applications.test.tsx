import type { AdminActivityApplication } from '@sea/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, meHandler, meOf, ok, recorder, renderAdmin, server } from '../../test/render-admin.tsx';

const app = (over: Partial<AdminActivityApplication> = {}): AdminActivityApplication => ({
  id: '21',
  promotionId: '5',
  status: 'applying',
  comment: 'My big win',
  imageCount: 1,
  reward: null,
  reason: null,
  createdAt: '2026-11-28T05:00:00.000Z',
  promotionTitle: 'Share your big win',
  account: 'member8',
  flagReason: null,
  reviewedBy: null,
  reviewedAt: null,
  ...over,
});
const page = (list: AdminActivityApplication[]) => ({
  list,
  total: list.length,
  pageNo: 1,
  pageSize: 20,
  currency: 'PHP',
  exponent: 2,
});
const risk = meOf({ role: 'risk', permissions: ['members.view', 'members.manage'] });
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('activity applications', () => {
  it('opens an application with its image, approves it with a reward in minor units, rejects only with a reason', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    let list = [app(), app({ id: '22', account: 'member9', imageCount: 0, flagReason: 'same IP' })];
    server.use(
      meHandler(risk),
      http.get('*/admin/api/activity-applications', async ({ request }) => {
        await calls.record(request);
        return ok(page(list));
      }),
      http.get('*/admin/api/activity-applications/:id/images/:n', async ({ request }) => {
        await calls.record(request);
        return ok({ contentType: 'image/jpeg', data: PNG });
      }),
      http.post('*/admin/api/activity-applications/:id/review', async ({ request, params }) => {
        await calls.record(request);
        const body = calls.calls.at(-1)!.body as { decision: string; amount?: string; reason: string };
        list = list.map((a) =>
          a.id === params.id
            ? {
                ...a,
                status: body.decision === 'approve' ? 'issued' : 'rejected',
                reward: body.amount ?? null,
                reason: body.reason || null,
              }
            : a,
        );
        return ok(list.find((a) => a.id === params.id));
      }),
    );
    renderAdmin('/rewards/activity-applications', { token: 't' });
    const first = await screen.findByRole('row', { name: /member8/ });
    expect(within(screen.getByRole('row', { name: /member9/ })).getByText('Suspected duplicate')).toBeTruthy();

    await user.click(within(first).getByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Application of member8' });
    expect(await within(dialog).findByRole('img', { name: 'Image 1' })).toBeTruthy();
    expect(calls.calls.some((c) => c.path === '/admin/api/activity-applications/21/images/0' && c.auth)).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Approve and pay' }));
    expect(await within(dialog).findByText('Enter a reward greater than zero.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reward (PHP), paid as cash'), '15.50');
    await user.click(within(dialog).getByRole('button', { name: 'Approve and pay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/admin/api/activity-applications/21/review',
      body: { decision: 'approve', amount: '1550', reason: '' },
    });
    expect(await within(screen.getByRole('row', { name: /member8/ })).findByText('Issued')).toBeTruthy();

    await user.click(within(screen.getByRole('row', { name: /member9/ })).getByRole('button', { name: 'Review' }));
    const reject = await screen.findByRole('dialog', { name: 'Application of member9' });
    expect(within(reject).getByText('No images were attached.')).toBeTruthy();
    await user.click(within(reject).getByRole('button', { name: 'Reject' }));
    expect(await within(reject).findByText('Say why the application is rejected.')).toBeTruthy();
    await user.type(within(reject).getByLabelText(/Reason/), 'Not a real win');
    await user.click(within(reject).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({
      decision: 'reject',
      reason: 'Not a real win',
    });
  });

  it('error and empty states', async () => {
    const user = userEvent.setup();
    let mode: 'error' | 'empty' = 'error';
    server.use(
      meHandler(risk),
      http.get('*/admin/api/activity-applications', () =>
        mode === 'error' ? fail(503, 'database_unavailable', 'The database is not answering.') : ok(page([])),
      ),
    );
    renderAdmin('/rewards/activity-applications?status=applying', { token: 't' });
    expect(await screen.findByText('The database is not answering.')).toBeTruthy();
    mode = 'empty';
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No applications.')).toBeTruthy();
  });

  it('the server’s refusal stays in the dialog', async () => {
    const user = userEvent.setup();
    server.use(
      meHandler(risk),
      http.get('*/admin/api/activity-applications', () => ok(page([app({ imageCount: 0 })]))),
      http.post('*/admin/api/activity-applications/:id/review', () =>
        fail(409, 'activity_application_reviewed', 'This application has already been reviewed.'),
      ),
    );
    renderAdmin('/rewards/activity-applications', { token: 't' });
    await user.click(
      within(await screen.findByRole('row', { name: /member8/ })).getByRole('button', { name: 'Review' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Application of member8' });
    await user.type(within(dialog).getByLabelText('Reward (PHP), paid as cash'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Approve and pay' }));
    expect(await within(dialog).findByText('This application has already been reviewed.')).toBeTruthy();
  });
});
