/**
 * Who a request is for and from. The route kit resolves these before a handler runs (through the resolvers
 * the composition root gives it); modules receive them already checked. Types only: the modules that own the
 * data (merchants, auth, admin) produce them.
 */

export type RegionMode = 'off' | 'block' | 'allow';

/** A merchant as services see it (camelCase; ids stay bigint inside the server). */
export interface Merchant {
  id: bigint;
  code: string;
  name: string;
  currency: string;
  currencyExponent: number;
  defaultLanguage: string;
  languages: string[];
  timezone: string;
  status: 'active' | 'disabled';
  maintenance: boolean;
  maintenanceMessage: string | null;
  maintenanceEndsAt: Date | null;
  regionMode: RegionMode;
  regionCountries: string[];
  customerServiceUrl: string | null;
  paymentMethods: string[];
  agentTypes: number[];
  trialTypes: number[];
  requireEncryption: boolean;
  /** A login from a new device and IP: off, or the check asked first (migration 0140). */
  loginCheck: 'off' | 'sms' | 'email' | 'bank_name';
}

/** The member behind a live session. */
export interface AuthenticatedMember {
  sessionId: bigint;
  memberId: bigint;
  type: number;
  area: 'member' | 'agent';
  isTrial: boolean;
}

/** The back-office admin behind a live admin session. */
export interface AuthenticatedAdmin {
  sessionId: bigint;
  id: bigint;
  username: string;
  merchantId: bigint;
  mustChangePassword: boolean;
  /** The role code and what it allows (read with the session: a role change applies to the next call). */
  role: string;
  permissions: readonly string[];
  /** The one-time password or the required two-factor enrolment is still to be done. */
  setupPending: boolean;
}

/** 0 open, 1 maintenance, 2 region restricted (the spec's system status). */
export type AccessStatus = 0 | 1 | 2;

/** What the route kit asks the modules; wired once in app.ts. */
export interface PrincipalResolvers {
  resolveMerchant(input: { header?: string; host?: string }): Promise<Merchant>;
  accessStatus(merchant: Merchant, ip: string): AccessStatus;
  authenticateMember(merchant: Merchant, token: string): Promise<AuthenticatedMember | null>;
  authenticateAdmin(merchant: Merchant, token: string, ip: string): Promise<AuthenticatedAdmin | null>;
}
