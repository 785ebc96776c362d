import type { AdminKycItem, AdminKycMember } from '@sea/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, meHandler, meOf, ok, recorder, renderAdmin, searchOf, server } from '../../test/render-admin.tsx';

/** Identity documents in the back office: the queue, a member's documents (files through the API), approve / reject. */
const item = (over: Partial<AdminKycItem> = {}): AdminKycItem => ({
  reference: 'KYC-7K3Q9M2X',
  account: 'juan42',
  kind: 'id_front',
  status: 'pending',
  reason: null,
  contentType: 'image/png',
  size: 2048,
  uploadedAt: '2026-11-28T04:00:00.000Z',
  reviewedAt: null,
  reviewedBy: null,
  ...over,
});
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('identity documents', () => {
  it('the queue: pending first from the server, status and account filters in the URL, rows open the member', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    server.use(
      meHandler(),
      http.get('*/admin/api/kyc/documents', async ({ request }) => {
        await calls.record(request);
        return ok({
          list: [item(), item({ reference: 'KYC-AAAA1111', kind: 'selfie', status: 'rejected', reason: 'Blurred' })],
          total: 2,
          pageNo: 1,
          pageSize: 20,
        });
      }),
    );
    const { router } = renderAdmin('/kyc', { token: 't' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Identity documents' })).toBeTruthy();
    const rows = await screen.findAllByRole('row', { name: /juan42/ });
    expect(within(rows[0]!).getByText('Pending')).toBeTruthy();
    expect(within(rows[1]!).getByText('Rejected')).toBeTruthy();
    expect(within(rows[1]!).getByText('Blurred')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Status'), 'rejected');
    await waitFor(() => expect(searchOf(router)).toMatchObject({ status: 'rejected' }));
    await waitFor(() => expect(calls.calls.at(-1)!.query).toMatchObject({ status: 'rejected' }));
    server.use(
      http.get('*/admin/api/kyc/members/:account', () =>
        ok({ account: 'juan42', overall: 'pending', documents: [] } satisfies AdminKycMember),
      ),
    );
    await user.click(within(rows[0]!).getByRole('link', { name: 'juan42' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/kyc/juan42'));
    expect(await screen.findByText('This member has not uploaded any document.')).toBeTruthy();
  });

  it("a member's documents: the image fetched with the session, a PDF as a download; approve and reject", async () => {
    const user = userEvent.setup();
    const calls = recorder();
    let docs: AdminKycItem[] = [
      item(),
      item({ reference: 'KYC-BBBB2222', kind: 'id_back', contentType: 'application/pdf', size: 4096 }),
    ];
    server.use(
      meHandler(),
      http.get('*/admin/api/kyc/members/:account', () =>
        ok({ account: 'juan42', overall: 'pending', documents: docs }),
      ),
      http.get('*/admin/api/kyc/documents/:id/file', async ({ request, params }) => {
        await calls.record(request);
        const pdf = params.id === 'KYC-BBBB2222';
        return ok({
          reference: params.id,
          contentType: pdf ? 'application/pdf' : 'image/png',
          fileName: `${String(params.id)}.${pdf ? 'pdf' : 'png'}`,
          data: pdf ? btoa('%PDF-1.4\n%%EOF\n') : PNG_1PX,
        });
      }),
      http.post('*/admin/api/kyc/documents/:id/review', async ({ request, params }) => {
        await calls.record(request);
        const body = (await request.clone().json()) as { decision: string; reason?: string };
        if (body.decision === 'reject' && body.reason === 'late')
          return fail(409, 'kyc_already_reviewed', 'This document has already been reviewed.');
        docs = docs.map((d) =>
          d.reference === params.id
            ? { ...d, status: body.decision === 'approve' ? 'approved' : 'rejected', reason: body.reason ?? null }
            : d,
        );
        return ok(docs.find((d) => d.reference === params.id));
      }),
    );
    renderAdmin('/kyc/juan42', { token: 't' });
    const img = await screen.findByRole('img', { name: 'ID – front of juan42' });
    expect(img.getAttribute('src')).toMatch(/^blob:/);
    const pdf = await screen.findByRole('link', { name: 'Download the PDF' });
    expect(pdf.getAttribute('download')).toBe('KYC-BBBB2222.pdf');
    expect(calls.calls.filter((c) => c.path.endsWith('/file')).every((c) => c.auth === 'Bearer t')).toBe(true);
    expect(within(screen.getByRole('listitem', { name: 'Selfie with ID' })).getByText('Not uploaded')).toBeTruthy();

    const front = screen.getByRole('listitem', { name: 'ID – front' });
    await user.click(within(front).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this document' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(front).findByText('Approved')).toBeTruthy();
    expect(calls.calls.filter((c) => c.method === 'POST').at(-1)).toMatchObject({
      path: '/admin/api/kyc/documents/KYC-7K3Q9M2X/review',
      body: { decision: 'approve' },
    });

    const back = screen.getByRole('listitem', { name: 'ID – back' });
    await user.click(within(back).getByRole('button', { name: 'Reject' }));
    const reject = await screen.findByRole('dialog', { name: 'Reject this document' });
    await user.click(within(reject).getByRole('button', { name: 'Reject' }));
    expect(await within(reject).findByText('Give a reason')).toBeTruthy();
    await user.type(within(reject).getByRole('textbox'), 'late');
    await user.click(within(reject).getByRole('button', { name: 'Reject' }));
    expect(await within(reject).findByText('This document has already been reviewed.')).toBeTruthy();
    await user.clear(within(reject).getByRole('textbox'));
    await user.type(within(reject).getByRole('textbox'), 'The PDF is not an ID');
    await user.click(within(reject).getByRole('button', { name: 'Reject' }));
    expect(await within(back).findByText('Rejected')).toBeTruthy();
    expect(within(back).getByText('The PDF is not an ID')).toBeTruthy();
  });

  it('without members.kyc there is no menu entry and no review buttons', async () => {
    server.use(
      meHandler(meOf({ role: 'auditor', permissions: ['members.view', 'dashboard.view', 'audit.view'] })),
      http.get('*/admin/api/members', () => ok({ items: [], total: 0, totalCapped: false, pageNo: 1, pageSize: 20 })),
    );
    renderAdmin('/members', { token: 't' });
    expect((await screen.findAllByRole('link', { name: 'Members' })).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Identity documents' })).toBeNull();
  });
});
