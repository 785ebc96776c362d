import { ANONYMISED_TEXT, type AdminFeedbackDetail, type AuditEntry } from '@sea/contracts';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { detailText } from './AuditPage.tsx';
import { setAdminLanguage } from '../../i18n/index.ts';
import { meHandler, ok, renderAdmin, server } from '../../test/render-admin.tsx';

/**
 * Where the retention anonymisation left its marker `[removed]` (issue 25), the back office shows the translated
 * "Removed" label of components/Removed.tsx (shared by every screen), never the raw marker.
 */
afterEach(async () => {
  await setAdminLanguage('en');
});

const redacted: AuditEntry = {
  id: '7',
  adminId: null,
  adminUsername: null,
  action: 'member.mobile_change',
  targetType: 'member',
  targetId: 'maria77',
  detail: {
    account: 'maria77',
    by: 'member',
    from: ANONYMISED_TEXT,
    to: ANONYMISED_TEXT,
    changed: { nickname: { from: ANONYMISED_TEXT, to: ANONYMISED_TEXT } },
    redacted: '2031-11-26T04:00:00.000Z',
  },
  ip: '',
  createdAt: '2026-11-26T04:00:00.000Z',
};

describe('the "Removed" label', () => {
  it('replaces the marker in an audit entry’s detail (nested values too); the CSV keeps the stored text', async () => {
    server.use(
      meHandler(),
      http.get('*/admin/api/audit', () => ok({ total: 1, items: [redacted] })),
    );
    renderAdmin('/audit', { token: 't' });
    const row = await screen.findByRole('row', { name: /member\.mobile_change/ });
    expect(within(row).getAllByText('Removed')).toHaveLength(4);
    expect(row.textContent).not.toContain(ANONYMISED_TEXT);
    expect(within(row).getByText(/account: maria77/)).toBeTruthy();
    expect(row.querySelector('.bo-clip')!.getAttribute('title')).toBe(
      'account: maria77 · by: member · from: Removed · to: Removed · changed: {nickname: {from: Removed, to: Removed}}' +
        ' · redacted: 2031-11-26T04:00:00.000Z',
    );
    expect(detailText(redacted.detail)).toContain(`from: ${ANONYMISED_TEXT}`);
  });

  it('speaks TY and TL on the feedback detail (content and reply)', async () => {
    const feedback: AdminFeedbackDetail = {
      reference: 'FBK-AB12CD34',
      questionType: 'deposit',
      content: ANONYMISED_TEXT,
      status: 'answered',
      imageCount: 0,
      reply: ANONYMISED_TEXT,
      createdAt: '2026-11-20T08:00:00.000Z',
      repliedAt: '2026-11-20T09:00:00.000Z',
      account: 'maria77',
      handledBy: 'owner1',
      closedAt: null,
      images: [],
    };
    server.use(
      meHandler(),
      http.get('*/admin/api/feedback/:reference', () => ok(feedback)),
    );
    await setAdminLanguage('ty');
    const { unmount } = renderAdmin('/feedback/FBK-AB12CD34', { token: 't' });
    expect(await screen.findAllByText('Đã xoá')).toHaveLength(2);
    expect(screen.queryByText(ANONYMISED_TEXT)).toBeNull();
    unmount();
    await setAdminLanguage('tl');
    renderAdmin('/feedback/FBK-AB12CD34', { token: 't' });
    expect(await screen.findAllByText('Binura')).toHaveLength(2);
    expect(screen.queryByText(ANONYMISED_TEXT)).toBeNull();
  });
});
