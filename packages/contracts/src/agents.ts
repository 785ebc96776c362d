import { z } from 'zod';
import { isoDate } from './history.ts';
import { minorString } from './money.ts';

/**
 * The agent centre (spec: agent centre pages; /wps/agent/*): team overview, downline management and registration,
 * affiliate links, team betting and transaction records, P&L statements, revenue report, "my income"; and the
 * operator's agent management (/admin/api/agents). Amounts out are minor-unit strings; periods are local dates
 * of the merchant (inclusive), at most 93 days.
 */

/** A rebate point (返点): a percentage with at most one decimal, e.g. "12.0". */
export const rebatePoint = z
  .string()
  .trim()
  .regex(/^\d{1,2}(\.\d)?$/, 'Use a number such as 12 or 12.5');
/** Rebate point in an answer: always one decimal ("12.0"). */
export const rebatePointOut = z.string().regex(/^\d{1,2}\.\d$/);

export const agentPeriodQuery = z.object({
  /** Inclusive, local dates of the merchant; default: today. */
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type AgentPeriodQuery = z.input<typeof agentPeriodQuery>;

const page = {
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
const paged = <T extends z.ZodType>(row: T) =>
  z.object({ rows: z.array(row), total: z.number().int(), pageNo: z.number().int(), pageSize: z.number().int() });

/** Money and activity of a set of members over a period (from the daily roll-up). */
export const teamFigures = z.object({
  /** Settled stakes of the period's bets. */
  validBet: minorString,
  /** What those bets paid back. */
  payout: minorString,
  /** The members' result: payout − validBet (negative: the team lost). */
  profit: minorString,
  betCount: z.number().int(),
  deposits: minorString,
  withdrawals: minorString,
  /** Members with a valid bet ≥ the merchant's active threshold in the period (self included). */
  activeMembers: z.number().int(),
});
export type TeamFigures = z.infer<typeof teamFigures>;

/** GET /wps/agent/team/overview (agentTeamOverview). */
export const teamOverview = teamFigures.extend({
  from: isoDate,
  to: isoDate,
  /** The team: the agent and every member below it. */
  members: z.number().int(),
  directMembers: z.number().int(),
  /** Members of the team registered in the period. */
  newMembers: z.number().int(),
  currency: z.string(),
  exponent: z.number().int(),
  /** The roll-up's newest source change included (ISO time), null before its first run. */
  freshAsOf: z.string().nullable(),
});
export type TeamOverview = z.infer<typeof teamOverview>;

/** A member of the agent's team as the downline management page lists it. */
export const downlineMember = z.object({
  id: z.string(),
  account: z.string(),
  nickname: z.string().nullable(),
  type: z.number().int(),
  isAgent: z.boolean(),
  /** Levels below the agent (1: direct). */
  depth: z.number().int(),
  uplineAccount: z.string().nullable(),
  rebatePoint: rebatePointOut,
  status: z.enum(['active', 'disabled', 'closed']),
  /** Size of its own team (itself included). */
  teamSize: z.number().int(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type DownlineMember = z.infer<typeof downlineMember>;

export const downlineListQuery = z.object({
  search: z.string().trim().max(64).optional(),
  /** Only direct downlines (default) or the whole team. */
  scope: z.enum(['direct', 'team']).default('direct'),
  ...page,
});
export const downlinePage = paged(downlineMember);

/** POST /wps/agent/downline (registerCenter): an account under the agent, member or agent, with its rebate point. */
export const createDownlineRequest = z.object({
  account: z.string().trim().min(2).max(64),
  password: z.string().min(6).max(64),
  kind: z.enum(['member', 'agent']).default('member'),
  rebatePoint: rebatePoint.default('0'),
  nickname: z.string().trim().max(32).optional(),
});
export type CreateDownlineRequest = z.input<typeof createDownlineRequest>;

export const rebateUpdateRequest = z.object({ rebatePoint });
/** The bounds an agent may give a downline: at least its own downlines' highest, at most the agent's own. */
export const rebateRange = z.object({ min: rebatePointOut, max: rebatePointOut });

export const memberIdParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });

/** Affiliate links (referral link page). */
export const affiliateLink = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(['member', 'agent']),
  rebatePoint: rebatePointOut,
  note: z.string().nullable(),
  registrations: z.number().int(),
  createdAt: z.string(),
});
export type AffiliateLink = z.infer<typeof affiliateLink>;
export const affiliateLinkList = z.object({
  /** The agent's own permanent invitation code. */
  ownCode: z.string().nullable(),
  links: z.array(affiliateLink),
});
export const createAffiliateLinkRequest = z.object({
  kind: z.enum(['member', 'agent']).default('member'),
  rebatePoint: rebatePoint.default('0'),
  note: z.string().trim().max(100).optional(),
});

export const lockedResult = z.object({ id: z.string(), status: z.enum(['active', 'disabled']) });
export const rebateResult = z.object({ id: z.string(), rebatePoint: rebatePointOut });
export const linkIdParams = z.object({ id: z.string().max(20) });

/** Team betting records (settled or open rounds of team members). */
export const teamBetsQuery = agentPeriodQuery.extend({
  account: z.string().trim().min(2).max(64).optional(),
  vendorCode: z.string().trim().max(20).optional(),
  ...page,
});
export const teamBet = z.object({
  id: z.string(),
  account: z.string(),
  vendorCode: z.string(),
  /** The vendor's name (its code when the vendor is gone). */
  vendorName: z.string(),
  gameId: z.string().nullable(),
  /** The game's name in the request's language (Language header), else the merchant's default; null without a game. */
  gameName: z.string().nullable(),
  /** The game's category (ELOTT, LIVE, RNG…); null without a catalogue game. */
  category: z.string().nullable(),
  /** The round or lottery bet reference. */
  roundRef: z.string(),
  /** What was bet on: a round's summary; a lottery bet's issue, bet type and selection ("20261126-0722 · …"). */
  summary: z.string().nullable(),
  status: z.enum(['open', 'settled', 'rolled_back']),
  stake: minorString,
  payout: minorString,
  startedAt: z.string(),
  settledAt: z.string().nullable(),
});
export const teamBetsPage = paged(teamBet).extend({
  /** The merchant's currency and its minor-unit exponent (stakes and payouts are minor units). */
  currency: z.string(),
  exponent: z.number().int(),
});

/** Team transaction details (ledger entries of team members' wallets). */
export const teamTransactionsQuery = agentPeriodQuery.extend({
  account: z.string().trim().min(2).max(64).optional(),
  code: z.string().trim().max(64).optional(),
  ...page,
});
export const teamTransaction = z.object({
  id: z.string(),
  account: z.string(),
  code: z.string(),
  amount: minorString,
  balanceAfter: minorString,
  createdAt: z.string(),
});
export const teamTransactionsPage = paged(teamTransaction);

/** P&L statements: per member of the team, or per level below the agent. */
export const pnlQuery = agentPeriodQuery.extend({
  by: z.enum(['member', 'level']).default('member'),
  account: z.string().trim().max(64).optional(),
  ...page,
});
export const pnlRow = teamFigures.extend({
  /** by=member: the member; by=level: null. */
  account: z.string().nullable(),
  memberId: z.string().nullable(),
  /** Levels below the agent (0: the agent itself). */
  depth: z.number().int(),
  /** by=level: members at that level. */
  members: z.number().int(),
});
export const pnlPage = paged(pnlRow).extend({ totals: teamFigures });

/** Revenue report: the team's figures per local day of the period. */
export const revenueDay = teamFigures.extend({ day: isoDate });
export const revenueReport = z.object({ from: isoDate, to: isoDate, days: z.array(revenueDay), totals: teamFigures });

/** "My income": rebates and wages paid to the agent (ledger code 'agent_payouts'). */
export const incomeRow = z.object({ id: z.string(), amount: minorString, createdAt: z.string(), ref: z.string() });
export const incomeQuery = agentPeriodQuery.extend(page);
/** `sum`: every payout of the period (all pages). */
export const incomePage = paged(incomeRow).extend({ sum: minorString });

// ---- back office ----

/** POST /admin/api/agents: a new agent account (top level, or under an existing agent). */
export const adminCreateAgentRequest = z.object({
  account: z.string().trim().min(2).max(64),
  password: z.string().min(6).max(64),
  type: z.number().int().min(1).max(32_767).optional(),
  rebatePoint: rebatePoint.default('0'),
  uplineAccount: z.string().trim().min(2).max(64).optional(),
  nickname: z.string().trim().max(32).optional(),
});
/** POST /admin/api/agents/promote: an existing member becomes an agent. */
export const adminPromoteRequest = z.object({
  account: z.string().trim().min(2).max(64),
  type: z.number().int().min(1).max(32_767).optional(),
  rebatePoint: rebatePoint.optional(),
});
export const adminAgent = z.object({
  id: z.string(),
  account: z.string(),
  type: z.number().int(),
  rebatePoint: rebatePointOut,
  uplineAccount: z.string().nullable(),
  affiliateCode: z.string().nullable(),
  teamSize: z.number().int(),
  status: z.enum(['active', 'disabled', 'closed']),
});
export const adminAgentListQuery = z.object({ search: z.string().trim().max(64).optional(), ...page });
export const adminAgentPage = paged(adminAgent);
export const agentSettings = z.object({
  maxRebatePoint: rebatePointOut,
  activeMinBet: minorString,
  /** The merchant's currency (activeMinBet is in its minor units; an update sends major units). */
  currency: z.string(),
  exponent: z.number().int(),
});
export type AgentSettings = z.infer<typeof agentSettings>;
export const agentSettingsUpdate = z.object({
  maxRebatePoint: rebatePoint.optional(),
  /** Major units. */
  activeMinBet: z
    .string()
    .trim()
    .regex(/^\d{1,15}(\.\d{1,8})?$/)
    .optional(),
});

/**
 * GET /admin/api/agents/tree: one level of the merchant's agent tree, paged. Without `parent`: the top-level agents
 * (agents without an upline); with `parent` (an account): its direct downlines, players and agents.
 */
export const adminAgentTreeQuery = z.object({
  parent: z.string().trim().min(1).max(64).optional(),
  ...page,
});
export const adminAgentTreeNode = z.object({
  account: z.string(),
  nickname: z.string().nullable(),
  type: z.number().int(),
  isAgent: z.boolean(),
  /** 1 = top level (no upline), 2 = a direct downline of a top-level agent, … */
  level: z.number().int(),
  /** Members below it (its whole team, itself excluded). */
  downlines: z.number().int(),
  rebatePoint: rebatePointOut,
  status: z.enum(['active', 'disabled', 'closed']),
  /** Its pending and active contracts (from its upline or the house). */
  contracts: z.array(z.object({ type: z.string(), status: z.string() })),
});
export type AdminAgentTreeNode = z.infer<typeof adminAgentTreeNode>;
export const adminAgentTreePage = paged(adminAgentTreeNode).extend({
  /** The parent whose downlines these are (null: the top level). */
  parent: z.object({ account: z.string(), level: z.number().int() }).nullable(),
});
export type AdminAgentTreePage = z.infer<typeof adminAgentTreePage>;
