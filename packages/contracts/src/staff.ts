import { z } from 'zod';

/**
 * Back-office staff: permissions, roles (built-in and custom), staff accounts and two-factor sign-in.
 * Every `/admin/api` route declares one permission (or 'signed-in' / 'public'); a role is a set of permissions.
 */

export const ADMIN_PERMISSIONS = [
  'dashboard.view',
  'members.view',
  'members.manage',
  'members.kyc',
  'payments.view',
  'deposits.decide',
  'withdrawals.decide',
  'adjustments.request',
  'adjustments.approve',
  'payments.settings',
  'games.view',
  'games.manage',
  'lottery.view',
  'lottery.results',
  'agents.view',
  'agents.manage',
  'content.view',
  'content.manage',
  'feedback.view',
  'feedback.reply',
  'chat.view',
  'chat.moderate',
  'rewards.view',
  'rewards.manage',
  'settings.view',
  'settings.manage',
  'staff.view',
  'staff.manage',
  'audit.view',
] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];
export const adminPermission = z.enum(ADMIN_PERMISSIONS);

/** A role holding any of these must sign in with a second factor: they move money or change games and results. */
export const TWO_FACTOR_PERMISSIONS: readonly AdminPermission[] = [
  'members.manage',
  // Approving an identity unlocks large withdrawals.
  'members.kyc',
  'deposits.decide',
  'withdrawals.decide',
  'adjustments.request',
  'adjustments.approve',
  'payments.settings',
  'games.manage',
  'lottery.results',
  'agents.manage',
  'rewards.manage',
  'settings.manage',
  'staff.manage',
];

export const requiresTwoFactor = (permissions: readonly string[]): boolean =>
  permissions.some((p) => (TWO_FACTOR_PERMISSIONS as readonly string[]).includes(p));

const VIEW_PERMISSIONS = ADMIN_PERMISSIONS.filter((p) => p.endsWith('.view'));

/** Built-in roles (codes reserved; not editable). Custom roles are stored per merchant. */
export const BUILT_IN_ROLES: Record<string, { name: string; permissions: readonly AdminPermission[] }> = {
  owner: { name: 'Owner', permissions: ADMIN_PERMISSIONS },
  finance: {
    name: 'Finance',
    permissions: [
      'dashboard.view',
      'members.view',
      'payments.view',
      'deposits.decide',
      'withdrawals.decide',
      'adjustments.request',
      'adjustments.approve',
      'payments.settings',
    ],
  },
  risk: {
    name: 'Risk / customer service',
    permissions: [
      'dashboard.view',
      'members.view',
      'members.manage',
      'members.kyc',
      'payments.view',
      'adjustments.request',
      'games.view',
      'lottery.view',
      'agents.view',
      'content.view',
      'feedback.view',
      'feedback.reply',
      'chat.view',
      'chat.moderate',
      'rewards.view',
    ],
  },
  // Rewards (missions, prizes, points, the mall) are the marketing team's: content runs them (two-factor sign-in, as
  // points turn into money); customer service reads them to answer a member.
  content: {
    name: 'Content',
    permissions: ['dashboard.view', 'content.view', 'content.manage', 'games.view', 'rewards.view', 'rewards.manage'],
  },
  games: {
    name: 'Games & lottery',
    permissions: ['dashboard.view', 'games.view', 'games.manage', 'lottery.view', 'lottery.results'],
  },
  agents: { name: 'Agents', permissions: ['dashboard.view', 'members.view', 'agents.view', 'agents.manage'] },
  auditor: { name: 'Auditor (read only)', permissions: [...VIEW_PERMISSIONS, 'audit.view'] },
};
export const BUILT_IN_ROLE_CODES = Object.keys(BUILT_IN_ROLES);

/** The built-in role of a code, or undefined (own keys only: 'constructor' is not a role). */
export const builtInRole = (code: string) => (Object.hasOwn(BUILT_IN_ROLES, code) ? BUILT_IN_ROLES[code] : undefined);

export const roleCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9_-]{1,31}$/, '2–32 letters, digits, dash or underscore, starting with a letter');

export const roleInfo = z.object({
  code: z.string(),
  name: z.string(),
  builtIn: z.boolean(),
  permissions: z.array(adminPermission),
  twoFactorRequired: z.boolean(),
  staffCount: z.number().int(),
});
export type RoleInfo = z.infer<typeof roleInfo>;
export const roleList = z.object({ items: z.array(roleInfo), permissions: z.array(adminPermission) });

export const roleUpsertRequest = z.object({
  name: z.string().trim().min(1).max(60),
  permissions: z.array(adminPermission).max(ADMIN_PERMISSIONS.length),
});
export const roleCreateRequest = roleUpsertRequest.extend({ code: roleCode });
export const roleParams = z.object({ code: roleCode });

export const staffStatus = z.enum(['active', 'disabled']);

export const staffMember = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  role: z.string(),
  roleName: z.string(),
  status: staffStatus,
  twoFactorEnabled: z.boolean(),
  twoFactorRequired: z.boolean(),
  mustChangePassword: z.boolean(),
  lockedUntil: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;

export const staffListQuery = z.object({
  q: z.string().trim().max(64).optional(),
  role: z.string().trim().max(32).optional(),
  status: staffStatus.optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const staffList = z.object({ total: z.number().int(), items: z.array(staffMember) });

export const staffCreateRequest = z.object({
  username: z.string().trim().min(1).max(64),
  displayName: z.string().trim().min(1).max(60),
  role: roleCode,
});
export const staffUpdateRequest = z.object({
  displayName: z.string().trim().min(1).max(60).optional(),
  role: roleCode.optional(),
});
/** A new or reset one-time password: shown once, never stored in clear. */
export const staffPasswordIssued = z.object({ staff: staffMember, oneTimePassword: z.string() });
export const staffIdParams = z.object({ id: z.string().regex(/^\d{1,18}$/, 'A staff id') });

export const twoFactorSetup = z.object({
  /** Base32 secret (for manual entry) and the otpauth:// URI the QR code encodes. */
  secret: z.string(),
  otpauthUrl: z.string(),
});
export const twoFactorCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'The 6-digit code from your authenticator app');
export const twoFactorEnableRequest = z.object({ code: twoFactorCode });
/** Ten one-time recovery codes, shown once. */
export const twoFactorEnabled = z.object({ recoveryCodes: z.array(z.string()) });

/** Merchant-wide back-office settings (owner). */
export const staffSettings = z.object({
  /** Sign-in and every call only from these addresses / CIDR ranges; empty = anywhere. */
  ipAllowList: z.array(z.string().trim().min(1).max(64)).max(100),
  /** Withdrawals above this amount (minor units) need a second staff member's approval; null = never. */
  withdrawalSecondApprovalAbove: z
    .string()
    .regex(/^\d{1,15}$/)
    .nullable(),
});
export type StaffSettings = z.infer<typeof staffSettings>;
