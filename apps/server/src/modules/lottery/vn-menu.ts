import type { LotteryFeedLobby, LotteryVnMenu, LotteryVnRecent, LotteryVnRegion } from '@sea/contracts';

/** The regions in menu order: MB (the north, one draw a day), MN (the south), MT (the centre). */
const VN_REGIONS = ['MB', 'MN', 'MT'] as const;

/** The spec's VN menu (GET /lgw/vn/games/game_menu): the VN lobby's games grouped by region, in the lobby's order. */
export function vnMenuOf(lobby: LotteryFeedLobby): LotteryVnMenu {
  return {
    serverTime: lobby.serverTime,
    exponent: lobby.exponent,
    currency: lobby.currency,
    regions: VN_REGIONS.map((region) => ({
      region,
      games: lobby.games
        .filter((g) => g.kind === 'vn' && g.region === region)
        .map((g) => ({
          gameCode: g.gameCode,
          name: g.name,
          station: g.station,
          drawTime: g.drawTime,
          weekdays: g.weekdays,
          current: g.current,
        })),
    })).filter((r) => r.games.length > 0),
  };
}

/** GET /lgw/vn/games/recent: each VN station's latest drawn result (one region or all), newest draw first. */
export function vnRecentOf(lobby: LotteryFeedLobby, region?: LotteryVnRegion): LotteryVnRecent {
  return {
    serverTime: lobby.serverTime,
    list: lobby.games
      .flatMap((g) =>
        g.kind === 'vn' && g.last && g.region && (!region || g.region === region)
          ? [
              {
                gameCode: g.gameCode,
                name: g.name,
                region: g.region,
                station: g.station,
                issueId: g.last.issueId,
                drawsAt: g.last.drawsAt,
                board: g.last.board,
              },
            ]
          : [],
      )
      .sort((a, b) => b.drawsAt.localeCompare(a.drawsAt) || a.gameCode.localeCompare(b.gameCode)),
  };
}
