import { z } from 'zod';
import { amountString, minorString } from './money.ts';

/**
 * Agent contracts (spec §4 Contracts, §6: offered by an upline to a direct downline, accepted or rejected by
 * the downline, terminated by either side) and their settlements. Rates cross the API as percent strings with
 * up to two decimals ("0.8" = 0.8 % = 80 basis points); amounts in are major-unit strings, amounts out
 * minor-unit strings.
 */

export const contractType = z.enum(['dividend', 'daily_wage', 'hourly_salary', 'realtime_salary']);
export type ContractTypeCode = z.infer<typeof contractType>;

/** Settlement period: daily wage settles daily, hourly salary hourly, real-time salary every 5 minutes; dividends choose. */
export const contractPeriod = z.enum(['realtime', 'hourly', 'daily', 'weekly', 'semimonthly', 'monthly']);
export const dividendPeriod = z.enum(['daily', 'weekly', 'semimonthly', 'monthly']);

export const contractStatus = z.enum(['pending', 'active', 'rejected', 'withdrawn', 'terminated', 'invalid']);
export type ContractStatus = z.infer<typeof contractStatus>;

/** A percentage with at most two decimals, 0.01 … 100. */
export const ratePercent = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'Enter a rate such as 0.8 or 12.5');

export const contractTierInput = z.object({
  /** Team valid bet in the period at least (major units). */
  minValidBet: amountString,
  /** Active members in the period at least. */
  minActive: z.number().int().min(0).max(1_000_000),
  /** Dividends: team loss (platform profit) in the period at least (major units). */
  minProfit: amountString.optional(),
  /** Rate in percent (real-time salary: the rate on winning bets). */
  rate: ratePercent,
  /** Real-time salary only: the rate on losing bets. */
  lossRate: ratePercent.optional(),
});

/** POST /wps/agent/contract/offer */
export const contractOfferRequest = z.object({
  downlineAccount: z.string().trim().min(1).max(64),
  type: contractType,
  /** Dividends only (default semimonthly). */
  period: dividendPeriod.optional(),
  /** Dividends only: carry a period the team won into the next one. */
  cumulative: z.boolean().optional(),
  /** Real-time salary: bets below this stake do not count (major units). */
  minSingleBet: amountString.optional(),
  tiers: z.array(contractTierInput).min(1).max(10),
});
export type ContractOfferRequest = z.infer<typeof contractOfferRequest>;

export const contractTier = z.object({
  level: z.number().int(),
  minValidBet: minorString,
  minActive: z.number().int(),
  minProfit: minorString,
  /** Basis points (1 bp = 0.01 %). */
  rateBp: z.number().int(),
  lossRateBp: z.number().int().nullable(),
});

export const contractView = z.object({
  id: z.string(),
  type: contractType,
  period: contractPeriod,
  cumulative: z.boolean(),
  minSingleBet: minorString,
  status: contractStatus,
  /** The offering upline's account; null when the house offered it (top-level agents). */
  uplineAccount: z.string().nullable(),
  agentAccount: z.string(),
  tiers: z.array(contractTier),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  endReason: z.string().nullable(),
  currency: z.string(),
  exponent: z.number().int(),
});
export type ContractView = z.infer<typeof contractView>;

/** GET /wps/agent/contracts?role=offered|received */
export const contractListQuery = z.object({
  role: z.enum(['offered', 'received']).default('received'),
  type: contractType.optional(),
  status: contractStatus.optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const contractList = z.object({
  list: z.array(contractView),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type ContractList = z.infer<typeof contractList>;

/**
 * GET /wps/agent/contract/pending: the offers waiting for the logged-in member (the contract popup), and the
 * spec's consolidated contract flags (§3): true when an offer of that type waits — dailysalreqtype (daily wage),
 * divtypereq (dividend), contracthoursalreq (hourly salary), realtimesalreqtype (real-time salary).
 */
export const pendingContracts = z.object({
  list: z.array(contractView),
  flags: z.object({
    dailysalreqtype: z.boolean(),
    divtypereq: z.boolean(),
    contracthoursalreq: z.boolean(),
    realtimesalreqtype: z.boolean(),
  }),
});
export type PendingContracts = z.infer<typeof pendingContracts>;

/** Accept / reject / terminate answer: the contract, and the contracts the acceptance or termination ended. */
export const contractDecision = z.object({
  contract: contractView,
  /** Ids of contracts invalidated as a consequence (sub-contracts above the new rates, and their subtrees). */
  invalidated: z.array(z.string()),
});
export type ContractDecision = z.infer<typeof contractDecision>;

export const settlementStatus = z.enum(['paid', 'not_reached', 'insufficient_funds']);

export const contractSettlementView = z.object({
  id: z.string(),
  contractId: z.string(),
  type: contractType,
  periodStart: z.string(),
  periodEnd: z.string(),
  validBet: minorString,
  profit: minorString,
  activeMembers: z.number().int(),
  tier: z.number().int().nullable(),
  rateBp: z.number().int(),
  amount: minorString,
  status: settlementStatus,
  /** The agent paid. */
  agentAccount: z.string(),
  /** Paid by the upline (its account) or by the house (null). */
  payerAccount: z.string().nullable(),
});

/** GET /wps/agent/contract/settlements */
export const contractSettlementQuery = z.object({
  type: contractType.optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const contractSettlementList = z.object({
  list: z.array(contractSettlementView),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  currency: z.string(),
  exponent: z.number().int(),
});
export type ContractSettlementList = z.infer<typeof contractSettlementList>;

/**
 * GET /wps/agent/contract/types: the contract types the member has or had (accepted at some time, ended or not):
 * the agent centre lists the settlement record pages of these types only.
 */
export const contractTypesHeld = z.object({ types: z.array(contractType) });
export type ContractTypesHeld = z.infer<typeof contractTypesHeld>;

/** POST /admin/api/contracts/settle: run the settlement of one contract type now (the job's own entry). */
export const settleRunRequest = z.object({ type: contractType });
export const settleRunReport = z.object({
  paid: z.number().int(),
  notReached: z.number().int(),
  insufficientFunds: z.array(z.object({ contractId: z.string(), periodStart: z.string(), amount: z.string() })),
});
export type SettleRunReport = z.infer<typeof settleRunReport>;

/** POST /admin/api/contracts/house-offer: the house offers a top-level agent (no upline) a contract. */
export const houseContractOfferRequest = contractOfferRequest
  .omit({ downlineAccount: true })
  .extend({ agentAccount: z.string().trim().min(1).max(64) });

export const rebateCategory = z.enum(['LOTT', 'ELOTT', 'FISH', 'RNG', 'LIVE', 'SPORTS', 'ESPORTS', 'PVP', 'COCKFIGHT']);

/** GET /admin/api/contracts/rebate-rates: the merchant's category rebate rates (basis points; 0 = none). */
export const rebateRates = z.object({
  list: z.array(z.object({ category: rebateCategory, rateBp: z.number().int(), isDefault: z.boolean() })),
});
export type RebateRates = z.infer<typeof rebateRates>;

/** PUT /admin/api/contracts/rebate-rates/:category */
export const rebateRateRequest = z.object({ rate: ratePercent });

/** GET /admin/api/contracts/settlements: the merchant's settlements, e.g. the unpaid ones (status=insufficient_funds). */
export const adminSettlementQuery = z.object({
  /** The agent paid (its account). */
  agent: z.string().trim().min(1).max(64).optional(),
  status: settlementStatus.optional(),
  type: contractType.optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const adminSettlementList = contractSettlementList;
export type AdminSettlementList = z.infer<typeof adminSettlementList>;

/** GET /admin/api/contracts: the merchant's contracts, newest first (filter by agent account, type, status). */
export const adminContractQuery = z.object({
  agent: z.string().trim().min(1).max(64).optional(),
  type: contractType.optional(),
  status: contractStatus.optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const adminContractList = contractList;
