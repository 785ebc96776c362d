import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { FeedLobby } from '../../api/lottery.ts';
import { useSession } from '../../state/session.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';

afterEach(() => useSession.getState().clear());

const MB_BOARD = [
  { prize: 'DB', numbers: ['90563'] },
  { prize: 'G1', numbers: ['12345'] },
  { prize: 'G7', numbers: ['46', '01', '99', '10'] },
];

function lobby(now = Date.now()): FeedLobby {
  const issue = (id: string) => ({
    issueId: id,
    status: 'open' as const,
    closesAt: new Date(now + 65_000).toISOString(),
    drawsAt: new Date(now + 365_000).toISOString(),
  });
  const head = {
    kind: 'vn' as const,
    timezone: 'Asia/Ho_Chi_Minh',
    monthDays: null,
    source: 'simulated' as const,
  };
  return {
    serverTime: new Date(now).toISOString(),
    exponent: 2,
    currency: 'PHP',
    games: [
      {
        ...head,
        gameCode: 'vn-mb',
        name: 'Miền Bắc',
        region: 'MB',
        station: 'Hà Nội',
        drawTime: '18:15',
        weekdays: [0, 1, 2, 3, 4, 5, 6],
        current: issue('20261126-0001'),
        last: { issueId: '20261125-0001', drawsAt: new Date(now - 86_400_000).toISOString(), board: MB_BOARD },
      },
      {
        ...head,
        gameCode: 'vn-mt-danang',
        name: 'Đà Nẵng',
        region: 'MT',
        station: 'Đà Nẵng',
        drawTime: '17:15',
        weekdays: [3, 6],
        source: 'manual',
        current: issue('20261128-0001'),
        last: null,
      },
    ],
  };
}

describe('VN lottery menu', { timeout: 30_000 }, () => {
  it('groups the stations by region with draw days, countdown, the last special prize and the game link', async () => {
    server.use(http.get('*/lgw/lottery/feed/lobby', () => ok(lobby())));
    useSession.getState().setToken('t'.repeat(43));
    renderAt('/vnLottery');
    const menu = await screen.findByTestId('feed-lobby', {}, { timeout: 10_000 });
    const mb = within(menu).getByRole('region', { name: 'Miền Bắc' });
    const card = within(mb).getByRole('listitem', { name: 'Miền Bắc' });
    expect(within(card).getByText('Every day · Draws 18:15 (Asia/Ho_Chi_Minh)')).toBeTruthy();
    expect(within(card).getByText('Demo: simulated results')).toBeTruthy();
    expect(within(card).getByRole('timer').textContent).toMatch(/Closes in01:0[45]/);
    expect(within(card).getByText('90563')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Play' }).getAttribute('href')).toBe('/vnLottery/vn-mb');
    const mt = within(menu).getByRole('region', { name: 'Miền Trung' });
    const dn = within(mt).getByRole('listitem', { name: 'Đà Nẵng' });
    expect(within(dn).getByText('Wed, Sat · Draws 17:15 (Asia/Ho_Chi_Minh)')).toBeTruthy();
    expect(within(dn).getByText('No result yet')).toBeTruthy();
    expect(within(menu).queryByRole('region', { name: 'Miền Nam' })).toBeNull();
  });
});
