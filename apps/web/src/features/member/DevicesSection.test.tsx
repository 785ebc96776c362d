import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../state/session.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';

/** The member centre's other calls (rewards badge, responsible-gaming status), answered so that none is unhandled. */
const centre = [
  http.get('*/wps/member/info/icon', () => ok({ image: null })),
  http.get('*/wps/rewards/summary', () => ok({ missions: 0, rewards: 0, points: '0' })),
  http.get('*/wps/responsible-gaming', () =>
    HttpResponse.json({ success: false, value: null, message: 'No', code: 'not_found' }, { status: 404 }),
  ),
];

const device = (id: string, label: string, ip: string, current = false) => ({
  id,
  label,
  ip,
  firstSeenAt: '2026-11-01T08:00:00.000Z',
  lastSeenAt: '2026-11-28T08:00:00.000Z',
  current,
});

describe('security centre › remembered devices', () => {
  it('lists the devices (this one marked), removes one after a confirmation, and shows the empty state', async () => {
    let list = [device('1', 'Chrome on Android', '198.51.100.7', true), device('2', 'Safari on iOS', '203.0.113.9')];
    const removed: string[] = [];
    server.use(
      ...centre,
      http.get('*/wps/member/devices', () => ok(list)),
      http.delete('*/wps/member/devices/:id', ({ params }) => {
        removed.push(String(params.id));
        list = list.filter((d) => d.id !== params.id);
        return ok(null);
      }),
    );
    useSession.getState().setToken('t'.repeat(43));
    renderAt('/member/securityCenter');
    const section = (await screen.findByRole('heading', { name: 'Remembered devices' })).closest('section')!;
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('This device')).toBeTruthy();
    expect(within(items[1]!).getByText(/IP 203\.0\.113\.9/)).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Remove Safari on iOS' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remove Safari on iOS? Its next login will need the extra check.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(section).findByText('The device was removed.')).toBeTruthy();
    expect(removed).toEqual(['2']);
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));

    list = [];
    await user.click(within(section).getByRole('button', { name: 'Remove Chrome on Android' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await within(section).findByText('No devices remembered yet.')).toBeTruthy();
  });

  it('a failed list shows the error with a retry', async () => {
    server.use(
      ...centre,
      http.get('*/wps/member/devices', () =>
        HttpResponse.json(
          { success: false, value: null, message: 'Down', code: 'service_unavailable' },
          { status: 503 },
        ),
      ),
    );
    useSession.getState().setToken('t'.repeat(43));
    renderAt('/member/securityCenter');
    const section = (await screen.findByRole('heading', { name: 'Remembered devices' })).closest('section')!;
    expect(await within(section).findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
