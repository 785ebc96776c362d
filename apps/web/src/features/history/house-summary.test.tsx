import type { BetRecord, BetRecordPage } from '@sea/contracts';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import '../../i18n/areas/history.ts';
import { houseSummary } from '../../lib/house-summary.ts';
import { useSession } from '../../state/session.ts';
import { menus, vendor } from '../../test/games.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';

/** Every form modules/house/house-summary.ts writes (slot, scratch card, video poker), as the server words them. */
const SERVER_TEXTS = [
  'No win',
  '40 credits · 2 line wins',
  '5 credits · 1 line win',
  '120 credits · 3 line wins · 8 free spins',
  'Match 3 × 10 · 50 credits',
  'Full house · 45 credits',
  'No win · 0 credits',
];

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe("our own games' round summaries in the player's language", () => {
  it('read the same as the server in English, and are translated in the second language', async () => {
    const en = i18n.getFixedT('en');
    for (const text of SERVER_TEXTS) expect(houseSummary(en, text)).toBe(text);
    await i18n.loadLanguages('ty');
    const ty = i18n.getFixedT('ty');
    expect(SERVER_TEXTS.map((s) => houseSummary(ty, s))).toEqual([
      'Không thắng',
      '40 điểm · thắng 2 dòng',
      '5 điểm · thắng 1 dòng',
      '120 điểm · thắng 3 dòng · 8 lượt quay miễn phí',
      'Trùng 3 × 10 · 50 điểm',
      'Cù lũ · 45 điểm',
      'Không thắng · 0 điểm',
    ]);
    // A vendor's words or a form this build does not know: as the server wrote them.
    expect(houseSummary(ty, 'Banker wins')).toBe('Banker wins');
    expect(houseSummary(ty, 'Mystery hand · 5 credits')).toBe('Mystery hand · 5 credits');
  });

  it('show translated on the betting record in the second language (a vendor round keeps its words)', async () => {
    const round = (over: Partial<BetRecord>): BetRecord => ({
      id: '1',
      roundRef: 'h1',
      gameName: 'Lucky Dragon',
      gameType: 'RNG',
      vassalage: 'SEA',
      vendorName: 'SEA Games',
      stake: '2000',
      payout: '0',
      net: '-2000',
      status: 'settled',
      summary: 'No win',
      startedAt: '2024-05-01T10:00:00.000Z',
      settledAt: '2024-05-01T10:00:01.000Z',
      verifiable: true,
      ...over,
    });
    const items = [
      round({}),
      round({ id: '2', roundRef: 'h2', gameName: 'Jacks or Better', summary: 'Two pair · 10 credits' }),
      round({ id: '3', roundRef: 'r-3', vassalage: 'DEMO', gameType: 'LIVE', summary: 'Banker wins' }),
    ];
    server.use(
      http.get('*/lgw/games/game_menus', () => ok(menus({ RNG: [vendor()] }))),
      // A member whose account language is TY (a session starts in the account's language).
      http.get('*/wps/member/info', () =>
        ok({
          id: '7',
          account: 'member7',
          nickname: null,
          type: 0,
          isAgent: false,
          isTrial: false,
          language: 'ty',
          mobile: null,
          email: null,
          lastLoginAt: null,
          previousLoginAt: null,
        }),
      ),
      http.get('*/wps/game/bets', () => {
        const value: BetRecordPage = {
          items,
          total: items.length,
          pageNo: 1,
          pageSize: 20,
          totals: { stake: '6000', payout: '0', net: '-6000' },
          currency: 'PHP',
          exponent: 2,
          timezone: 'Asia/Manila',
        };
        return ok(value);
      }),
    );
    useSession.getState().setToken('t'.repeat(43));
    await i18n.changeLanguage('ty');
    renderAt('/member/personalHistoryCopy');
    const table = await screen.findByRole('table', {}, { timeout: 10_000 });
    expect(await within(table).findByText(/^Không thắng/)).toBeTruthy();
    expect(within(table).getByText(/^Hai đôi · 10 điểm/)).toBeTruthy();
    expect(within(table).getByText(/^Banker wins/)).toBeTruthy();
    expect(within(table).queryByText(/^No win/)).toBeNull();
  }, 20_000);
});
