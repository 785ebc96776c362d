import { z } from 'zod';
import { minorString } from './money.ts';

/**
 * Back office: the members screens (issue 22) — search, a member's 360° view and its sub-lists, staff notes and
 * the actions (lock / unlock, reset password, end sessions, move under another agent). Members are named by
 * their account everywhere (paths, audit targets); amounts are minor-unit strings.
 */

export const MEMBER_SEARCH_MODES = ['username', 'mobile', 'id', 'ip', 'affiliate', 'agent'] as const;
export const memberSearchBy = z.enum(MEMBER_SEARCH_MODES);
export type MemberSearchBy = z.infer<typeof memberSearchBy>;

/**
 * 'locked' = locked by an operator or an upline (status disabled): it cannot log in. 'closed' = closed by the
 * member (kept, never deleted; it cannot log in again).
 */
export const memberStatusFilter = z.enum(['active', 'locked', 'closed']);

const pageNo = z.coerce.number().int().min(1).max(10_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(20);
export const memberPageQuery = z.object({ pageNo, pageSize });

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-f:.]{2,45}$/i;
const ACCOUNT = /^[a-z0-9_.@+-]{1,64}$/;

/** What `q` must look like for each mode (the message says how to fix it). */
const QUERY_RULES: Record<MemberSearchBy, { test: (q: string) => boolean; message: string }> = {
  username: { test: (q) => q.length <= 64, message: 'At most 64 characters' },
  mobile: { test: (q) => /^\d{4,19}$/.test(q), message: 'At least the last 4 digits of the number' },
  id: { test: (q) => /^\d{1,18}$/.test(q), message: 'A member id (digits)' },
  ip: { test: (q) => IPV4.test(q) || (q.includes(':') && IPV6.test(q)), message: 'An IPv4 or IPv6 address' },
  affiliate: { test: (q) => /^[0-9A-Z]{4,20}$/.test(q), message: 'An invitation code (4–20 letters or digits)' },
  agent: { test: (q) => ACCOUNT.test(q), message: "The agent's account" },
};

/** Digits only: "+84 90-123 4567" → "84901234567". */
const digitsOf = (q: string) => q.replace(/[\s\-().+]/g, '');
/** A whole national number's trunk 0 goes ("0901234567" → "901234567"); a shorter suffix keeps its zeros. */
const nationalOf = (digits: string) => (digits.length >= 10 && digits.startsWith('0') ? digits.slice(1) : digits);

export const memberSearchQuery = z
  .object({
    q: z.string().trim().max(64).default(''),
    by: memberSearchBy.default('username'),
    status: memberStatusFilter.optional(),
    pageNo,
    pageSize,
  })
  .transform((v) => ({
    ...v,
    q:
      v.by === 'mobile'
        ? nationalOf(digitsOf(v.q))
        : v.by === 'affiliate'
          ? v.q.toUpperCase()
          : v.by === 'ip'
            ? v.q.toLowerCase()
            : v.by === 'username' || v.by === 'agent'
              ? v.q.toLowerCase()
              : v.q,
  }))
  .superRefine((v, ctx) => {
    if (v.by !== 'username' && v.q === '')
      ctx.addIssue({ code: 'custom', path: ['q'], message: `Required when searching by ${v.by}` });
    else if (v.q !== '' && !QUERY_RULES[v.by].test(v.q))
      ctx.addIssue({ code: 'custom', path: ['q'], message: QUERY_RULES[v.by].message });
  });
export type MemberSearchQuery = z.output<typeof memberSearchQuery>;

export const memberSummary = z.object({
  id: z.string(),
  account: z.string(),
  nickname: z.string().nullable(),
  type: z.number().int(),
  isAgent: z.boolean(),
  status: memberStatusFilter,
  /** Staff see the whole number: "+84 901234567". */
  mobile: z.string().nullable(),
  uplineAccount: z.string().nullable(),
  rebatePoint: z.string(),
  registeredAt: z.string(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
});
export type MemberSummary = z.infer<typeof memberSummary>;

/** Totals are counted up to this many matches (a one-letter prefix over a million members counts no further). */
export const MEMBER_SEARCH_COUNT_CAP = 10_000;

export const memberSearchResult = z.object({
  items: z.array(memberSummary),
  /** Matches, counted up to MEMBER_SEARCH_COUNT_CAP. */
  total: z.number().int(),
  /** More than `total` members match (show "10,000+"; pages past the cap still work). */
  totalCapped: z.boolean(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});

export const memberAccountParams = z.object({
  account: z.string().trim().toLowerCase().regex(ACCOUNT, 'A member account'),
});

const wallet = z.object({ balance: minorString, available: minorString, held: minorString });

export const memberDetail = z.object({
  profile: z.object({
    id: z.string(),
    account: z.string(),
    nickname: z.string().nullable(),
    realName: z.string().nullable(),
    mobile: z.string().nullable(),
    email: z.string().nullable(),
    type: z.number().int(),
    isAgent: z.boolean(),
    isTrial: z.boolean(),
    rebatePoint: z.string(),
    language: z.string(),
    registeredAt: z.string(),
    registrationIp: z.string(),
    /** The invitation code the member registered with (an agent's code or one of its affiliate links). */
    invitationCode: z.string().nullable(),
    /** An agent's own invitation code. */
    affiliateCode: z.string().nullable(),
    lastLoginAt: z.string().nullable(),
    lastLoginIp: z.string().nullable(),
  }),
  status: z.object({
    status: memberStatusFilter,
    lockReason: z.string().nullable(),
    /** When the member closed the account (status closed), or null. */
    closedAt: z.string().nullable(),
    /** When the retention job erased the closed account's personal data (it can then never be reopened), or null. */
    anonymisedAt: z.string().nullable(),
    /** Failed-login lock (temporary): until when, or null. */
    loginLockedUntil: z.string().nullable(),
    mustChangePassword: z.boolean(),
  }),
  balances: z.object({
    currency: z.string(),
    exponent: z.number().int(),
    main: wallet,
    /** Every sub-wallet the member has at a transfer vendor. */
    vendors: z.array(wallet.extend({ vendorCode: z.string() })),
    /** Main + every sub-wallet. */
    total: minorString,
  }),
  /** Uplines, nearest first. */
  agentLine: z.array(z.object({ account: z.string(), depth: z.number().int(), type: z.number().int() })),
  counts: z.object({
    /** Team size below the member (agents). */
    downlines: z.number().int(),
    directDownlines: z.number().int(),
    notes: z.number().int(),
    liveSessions: z.number().int(),
  }),
});
export type MemberDetail = z.infer<typeof memberDetail>;

export const memberLogin = z.object({
  time: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  /** password | sms (how the member signed in). */
  method: z.string(),
  result: z.enum(['ok', 'wrong_password', 'locked', 'disabled']),
});
export const memberLoginPage = z.object({
  items: z.array(memberLogin),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});

export const memberNote = z.object({
  id: z.string(),
  author: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export const memberNotePage = z.object({
  items: z.array(memberNote),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export const memberNoteRequest = z.object({ text: z.string().trim().min(1).max(1000) });

export const memberLockRequest = z.object({ reason: z.string().trim().min(1).max(500) });
export const memberMoveRequest = z.object({
  toAgent: z.string().trim().toLowerCase().regex(ACCOUNT, "The new upline agent's account"),
});

/** The result of an action: the member's status afterwards. */
export const memberActionResult = z.object({
  account: z.string(),
  status: memberStatusFilter,
  lockReason: z.string().nullable(),
  uplineAccount: z.string().nullable(),
  /** Sessions ended by this action. */
  sessionsEnded: z.number().int(),
});

/** A reset password: shown once, the member must change it at its next login. */
export const memberPasswordReset = memberActionResult.extend({ oneTimePassword: z.string() });
