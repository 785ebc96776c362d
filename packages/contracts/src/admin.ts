import { z } from 'zod';
import { ADJUSTMENT_SORTS, sortParam } from './list-sort.ts';
import { amountString, minorString } from './money.ts';

/** Back-office (admin API, /admin/api/*) shapes. Admins are separate accounts with their own sessions. */

export const adminUsername = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9_.-]{1,63}$/, '2–64 letters, digits, dot, dash or underscore');

export const adminLoginRequest = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  /** The 6-digit code of the authenticator app, required once two-factor sign-in is on. */
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The 6-digit code from your authenticator app')
    .optional(),
  /** Instead of `otp`: one of the ten recovery codes (each works once). */
  recoveryCode: z.string().trim().min(8).max(32).optional(),
});
export type AdminLoginRequest = z.infer<typeof adminLoginRequest>;

export const adminLoginResult = z.object({
  token: z.string(),
  /** true: every admin route except /session/password, /me and logout refuses until the password is changed. */
  mustChangePassword: z.boolean(),
  /** true: the role requires two-factor sign-in and it is not set up yet; only the set-up routes answer until it is. */
  twoFactorSetupRequired: z.boolean(),
});
export type AdminLoginResult = z.infer<typeof adminLoginResult>;

export const adminMe = z.object({
  id: z.string(),
  username: z.string(),
  merchantCode: z.string(),
  displayName: z.string(),
  role: z.string(),
  roleName: z.string(),
  /** What this staff member may do (the back office shows only these screens and actions). */
  permissions: z.array(z.string()),
  mustChangePassword: z.boolean(),
  twoFactorEnabled: z.boolean(),
  twoFactorRequired: z.boolean(),
  lastLoginAt: z.string().nullable(),
});
export type AdminMe = z.infer<typeof adminMe>;

/** At least 12 characters for back-office passwords (they move money). */
export const adminPasswordChangeRequest = z.object({
  oldPassword: z.string().min(1).max(128),
  newPassword: z.string().min(12, 'At least 12 characters').max(128),
});

export const adjustmentDirection = z.enum(['credit', 'debit']);
export const adjustmentStatus = z.enum(['pending', 'approved', 'rejected']);

export const adjustmentCreateRequest = z.object({
  memberAccount: z.string().trim().toLowerCase().min(1).max(64),
  direction: adjustmentDirection,
  /** Major units ("150.25"). */
  amount: amountString,
  reason: z.string().trim().min(1).max(500),
  requestId: z.string().trim().min(8).max(100),
});
export type AdjustmentCreateRequest = z.infer<typeof adjustmentCreateRequest>;

export const adjustmentRejectRequest = z.object({ reason: z.string().trim().max(500).optional() });

export const adjustment = z.object({
  id: z.string(),
  memberId: z.string(),
  memberAccount: z.string(),
  direction: adjustmentDirection,
  /** Minor units. */
  amount: minorString,
  currency: z.string(),
  exponent: z.number().int(),
  reason: z.string(),
  status: adjustmentStatus,
  requestedBy: z.string(),
  /** The requester's username (staff are named by username, never by internal id). */
  requestedByUsername: z.string(),
  decidedBy: z.string().nullable(),
  decidedByUsername: z.string().nullable(),
  decidedAt: z.string().nullable(),
  journalId: z.string().nullable(),
  createdAt: z.string(),
});
export type Adjustment = z.infer<typeof adjustment>;

export const adjustmentIdParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });

const pageQuery = {
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

export const adjustmentListQuery = z.object({
  status: adjustmentStatus.optional(),
  sort: sortParam(ADJUSTMENT_SORTS),
  ...pageQuery,
});
export const adjustmentList = z.object({ total: z.number().int(), items: z.array(adjustment) });

const auditDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD')
  .refine((d) => !Number.isNaN(Date.parse(d)), 'Not a date');

export const auditQuery = z
  .object({
    action: z.string().trim().max(64).optional(),
    /** The staff member's username. */
    admin: z.string().trim().toLowerCase().max(64).optional(),
    /** A target by its public reference (WDR-…, DEP-…, an account, a username). */
    target: z.string().trim().max(100).optional(),
    /** Days in the merchant's time zone, both included. */
    from: auditDay.optional(),
    to: auditDay.optional(),
    ...pageQuery,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The start is after the end', path: ['from'] });

export const auditEntry = z.object({
  id: z.string(),
  adminId: z.string().nullable(),
  adminUsername: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditList = z.object({ total: z.number().int(), items: z.array(auditEntry) });
