import type { KycStatus } from '@sea/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../state/session.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';

/**
 * Member centre › identity verification: each document's status and the staff's reason, the upload form only while a
 * document is missing or rejected, the browser's type check, the multipart sent, a server refusal shown.
 */
function setup(initial: KycStatus['documents'], threshold: string | null = '500000') {
  let docs = initial;
  const sent: { kind: string; type: string; file: string }[] = [];
  const status = (): KycStatus => ({
    overall:
      docs.length === 0
        ? 'none'
        : docs.some((d) => d.status === 'rejected')
          ? 'rejected'
          : docs.length === 3
            ? 'pending'
            : 'incomplete',
    documents: docs,
    withdrawalThreshold: threshold,
    currency: 'PHP',
    exponent: 2,
  });
  server.use(
    http.get('*/wps/member/messages/unread', () => ok({ unreadCount: 0 })),
    http.get('*/wps/member/kyc', () => ok(status())),
    http.post('*/wps/member/kyc/:kind', async ({ request, params }) => {
      const form = await request.formData();
      const file = form.get('file') as File;
      sent.push({ kind: String(params.kind), type: request.headers.get('content-type') ?? '', file: file.name });
      docs = [
        ...docs.filter((d) => d.kind !== params.kind),
        {
          kind: params.kind as 'id_front',
          status: 'pending',
          reason: null,
          contentType: 'image/png',
          uploadedAt: '2026-11-28T04:00:00.000Z',
          reviewedAt: null,
        },
      ];
      return ok(status());
    }),
  );
  useSession.getState().setToken('k'.repeat(43));
  return { sent };
}

const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

describe('identity verification page', () => {
  it('shows the reason of a rejection and takes a new upload as multipart', async () => {
    const { sent } = setup([
      {
        kind: 'id_front',
        status: 'rejected',
        reason: 'The photo is blurred',
        contentType: 'image/jpeg',
        uploadedAt: '2026-11-27T04:00:00.000Z',
        reviewedAt: '2026-11-27T05:00:00.000Z',
      },
      {
        kind: 'id_back',
        status: 'approved',
        reason: null,
        contentType: 'image/png',
        uploadedAt: '2026-11-27T04:00:00.000Z',
        reviewedAt: '2026-11-27T05:00:00.000Z',
      },
    ]);
    const user = userEvent.setup({ applyAccept: false });
    renderAt('/member/identityVerification');
    expect(
      await screen.findByRole('heading', { name: 'Identity verification', level: 1 }, { timeout: 30_000 }),
    ).toBeTruthy();
    expect(await screen.findByText('Withdrawals above 5,000.00 PHP need a verified identity.')).toBeTruthy();
    const front = screen.getByRole('listitem', { name: 'ID – front' });
    expect(within(front).getByText('Rejected')).toBeTruthy();
    expect(within(front).getByText('The photo is blurred')).toBeTruthy();
    // Approved: no form; missing: a form.
    const back = screen.getByRole('listitem', { name: 'ID – back' });
    expect(within(back).getByText('Approved')).toBeTruthy();
    expect(within(back).queryByRole('form')).toBeNull();
    expect(within(screen.getByRole('listitem', { name: 'Selfie with your ID' })).getByRole('form')).toBeTruthy();

    const form = within(front).getByRole('form', { name: 'ID – front' });
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(await within(form).findByText('Choose a file')).toBeTruthy();
    await user.upload(
      within(form).getByLabelText('Upload a new file'),
      new File(['GIF89a'], 'x.gif', { type: 'image/gif' }),
    );
    expect(await within(form).findByText('Upload a PNG, JPG or PDF file.')).toBeTruthy();
    await user.upload(within(form).getByLabelText('Upload a new file'), png('front.png'));
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(await within(front).findByText('Under review')).toBeTruthy();
    expect(sent).toEqual([
      { kind: 'id_front', type: expect.stringMatching(/^multipart\/form-data/), file: 'front.png' },
    ]);
    expect(within(front).queryByRole('form')).toBeNull();
  });

  it('shows the server refusal next to the form', async () => {
    setup([], null);
    server.use(
      http.post('*/wps/member/kyc/:kind', () =>
        HttpResponse.json(
          { success: false, code: 'kyc_file_type', message: 'Upload a PNG, JPG or PDF file.', value: null },
          { status: 415 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderAt('/member/identityVerification');
    const selfie = await screen.findByRole('form', { name: 'Selfie with your ID' }, { timeout: 30_000 });
    expect(screen.getByText('Not started')).toBeTruthy();
    expect(screen.queryByText(/need a verified identity/)).toBeNull();
    await user.upload(within(selfie).getByLabelText('File'), png('fake.png'));
    await user.click(within(selfie).getByRole('button', { name: 'Upload' }));
    expect((await within(selfie).findByRole('alert')).textContent).toMatch(/PNG, JPG or PDF/);
  });
});
