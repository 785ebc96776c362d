import type { AuditEntry } from '@sea/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, meHandler, ok, recorder, renderAdmin, searchOf, server } from '../../test/render-admin.tsx';
import { csvCell, toCsv } from '../../lib/csv.ts';

const entry = (i: number): AuditEntry => ({
  id: String(i),
  adminId: '1',
  adminUsername: i % 2 ? 'owner1' : 'fin1',
  action: i % 2 ? 'withdrawal.approve' : 'deposit.approve',
  targetType: i % 2 ? 'withdrawal' : 'deposit',
  targetId: i % 2 ? `WDR-${String(i).padStart(8, '0')}` : `DEP-${String(i).padStart(8, '0')}`,
  detail: { amount: String(i * 100), note: i === 3 ? 'said "yes", then =SUM(A1)' : 'ok' },
  ip: '203.0.113.9',
  createdAt: new Date(Date.UTC(2026, 10, 28, 7, 0, i)).toISOString(),
});
const ALL = Array.from({ length: 130 }, (_, i) => entry(i + 1));

/** The audit API over 130 entries: paging as the server does it (and the filters echoed in the request log). */
function auditServer() {
  const calls = recorder();
  server.use(
    meHandler(),
    http.get('*/admin/api/audit', async ({ request }) => {
      await calls.record(request);
      const q = new URL(request.url).searchParams;
      const pageNo = Number(q.get('pageNo'));
      const pageSize = Number(q.get('pageSize'));
      const rows = q.get('action') ? ALL.filter((e) => e.action === q.get('action')) : ALL;
      return ok({ total: rows.length, items: rows.slice((pageNo - 1) * pageSize, pageNo * pageSize) });
    }),
  );
  return calls;
}

afterEach(() => vi.restoreAllMocks());

describe('the list kit (DataTable + URL state)', () => {
  it('keeps page, page size and filters in the URL and asks the server for exactly that page', async () => {
    const user = userEvent.setup();
    const calls = auditServer();
    const { router } = renderAdmin('/audit?page=2&size=50', { token: 't' });
    expect(await screen.findByText('51–100 of 130')).toBeTruthy();
    expect(calls.calls[0]!.query).toEqual({ pageNo: '2', pageSize: '50' });
    expect(screen.getAllByRole('row')).toHaveLength(51);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('101–130 of 130')).toBeTruthy();
    expect(searchOf(router)).toEqual({ page: '3', size: '50' });
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);

    // A filter goes into the URL and back to the first page.
    await user.type(screen.getByLabelText('Action'), 'deposit.approve{Enter}');
    await waitFor(() => expect(searchOf(router)).toEqual({ size: '50', action: 'deposit.approve' }));
    expect(await screen.findByText('1–50 of 65')).toBeTruthy();
    expect(calls.calls.at(-1)!.query).toEqual({ action: 'deposit.approve', pageNo: '1', pageSize: '50' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(searchOf(router).from).toBe('2026-11-01'));
    expect(calls.calls.at(-1)!.query.from).toBe('2026-11-01');

    // Back: the previous URL, the previous list.
    void router.navigate(-1);
    await waitFor(() => expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe(''));
    expect(searchOf(router)).toEqual({ size: '50', action: 'deposit.approve' });
    await user.selectOptions(screen.getByLabelText('Rows per page'), '20');
    await waitFor(() => expect(searchOf(router)).toEqual({ action: 'deposit.approve' }));
    expect(await screen.findByText('1–20 of 65')).toBeTruthy();
  });

  it('exports every row matching the filters as CSV, with the chosen columns only', async () => {
    const user = userEvent.setup();
    auditServer();
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blobs.push(b as Blob);
      return 'blob:x';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAdmin('/audit', { token: 't' });
    expect(await screen.findByText('1–20 of 130')).toBeTruthy();

    // Hide the IP column (kept for this list) and export.
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'IP' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'IP' })).toBeNull());
    expect(JSON.parse(localStorage.getItem('bo.columns.audit')!)).toEqual({ ip: false });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));

    const text = (await blobs[0]!.text()).replace(/^\uFEFF/, '');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Time,Staff,Action,Target type,Target,Detail');
    expect(lines).toHaveLength(131); // the header and all 130 entries: two pages of 100 fetched
    expect(lines[1]).toBe(
      `${ALL[0]!.createdAt},owner1,withdrawal.approve,withdrawal,WDR-00000001,amount: 100 · note: ok`,
    );
    // Quotes doubled; a cell that a spreadsheet would run as a formula is not one (it does not start with =).
    expect(lines[3]).toContain('"amount: 300 · note: said ""yes"", then =SUM(A1)"');
  });

  it('shows the empty state and the error with the envelope’s message and a retry', async () => {
    const user = userEvent.setup();
    let fails = true;
    server.use(
      meHandler(),
      http.get('*/admin/api/audit', () =>
        fails ? fail(403, 'admin_forbidden', 'Your role does not allow this.') : ok({ total: 0, items: [] }),
      ),
    );
    renderAdmin('/audit', { token: 't' });
    expect((await screen.findByRole('alert')).textContent).toContain('Your role does not allow this.');
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No audit entry matches these filters.')).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Pages' })).getByText('0–0 of 0')).toBeTruthy();
  });
});

describe('csv', () => {
  it('quotes separators and neutralises formulas but keeps negative numbers', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(toCsv(['x', 'y'], [['1', 'line\nbreak']])).toBe('x,y\r\n1,"line\nbreak"\r\n');
  });
});
