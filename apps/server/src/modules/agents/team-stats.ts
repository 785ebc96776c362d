import type { TeamStatsPort } from '../contracts/index.ts';
import type { GamesModule } from '../games/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { AgentsRepository } from './agents.repository.ts';

/**
 * The contracts module's TeamStatsPort over the games face (bet records) and the members face (the team): figures
 * over any window — an hour, a day, a period — straight from the settled bets (game rounds and the games face's
 * other sources: lottery bets), so hourly and real-time salaries see the same bets as daily wages and dividends.
 * Team = the agent and every descendant (closure table).
 */
export function createTeamStats(deps: {
  repo: Pick<AgentsRepository, 'settings'>;
  members: Pick<MembersModule, 'teamSubquery' | 'teamCounts'>;
  games: Pick<GamesModule, 'teamSettled' | 'teamBetSplit' | 'categoryBets' | 'merchantsWithBets'>;
}): TeamStatsPort {
  const { repo, members, games } = deps;
  return {
    async teamPeriodStats(merchantId, agentId, from, to) {
      const { activeMinBet } = await repo.settings(merchantId);
      const [figures, counts] = await Promise.all([
        games.teamSettled(merchantId, members.teamSubquery(merchantId, agentId), from, to, activeMinBet),
        members.teamCounts(merchantId, agentId, new Date(0), new Date(0)),
      ]);
      return {
        validBet: figures.validBet,
        payout: figures.payout,
        profit: figures.payout - figures.stake,
        activeMembers: figures.active,
        members: counts.members,
      };
    },
    teamBetSplit: (merchantId, agentId, from, to, minSingleBet) =>
      games.teamBetSplit(merchantId, members.teamSubquery(merchantId, agentId), from, to, minSingleBet),
    categoryBets: (merchantId, from, to, memberId) => games.categoryBets(merchantId, from, to, memberId),
    merchantsWithBets: (from, to) => games.merchantsWithBets(from, to),
  };
}
