import {
  type AdminMemberProfile,
  checkProfileValue,
  DEFAULT_CLOSED_RETENTION_DAYS,
  DEFAULT_MIN_AGE,
  DEFAULT_PROFILE_MODES,
  EMAIL_VERIFY_HOURS,
  type FieldError,
  type MemberProfile,
  normaliseProfileValue,
  PROFILE_FIELDS,
  PROFILE_MODES,
  type ProfileField,
  type ProfileMode,
  type ProfileProblem,
  type ProfileSettings,
  type ProfileSettingsPatch,
  type ProfileUpdate,
  type ProfileValues,
} from '@sea/contracts';
import { randomBytes } from 'node:crypto';
import type { AnyDb } from '../../db/schema.ts';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { sha256Hex } from '../../lib/hash.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import type { WindowLimiter } from '../../lib/window-limiter.ts';
import type { AdminModule } from '../admin/index.ts';
import type { AuthModule } from '../auth/index.ts';
import type { DepositsModule } from '../deposits/index.ts';
import type { GamesModule } from '../games/index.ts';
import type { LotteryModule } from '../lottery/index.ts';
import type { LedgerModule } from '../ledger/index.ts';
import type { Mailer } from '../mail/index.ts';
import { isAgentType, type MemberRow, type MembersModule } from '../members/index.ts';
import type { WithdrawalsModule } from '../withdrawals/index.ts';
import { STORED_FIELDS, type ProfileRepository, type StoredProfile } from './profile.repository.ts';

type Members = Pick<
  MembersModule,
  'findById' | 'findByAccount' | 'setProfileColumns' | 'lockForUpdate' | 'close' | 'reopen'
>;

/** Staff acting on a member's profile (the audit record's). */
export interface ProfileActor {
  adminId: bigint;
  ip: string;
}

const MESSAGES: Record<ProfileProblem, string> = {
  required: 'This field is required.',
  tooShort: 'Too short.',
  tooLong: 'Too long.',
  pattern: 'Enter the correct information.',
  invalidDate: 'Enter a real date (YYYY-MM-DD).',
  future: 'The date cannot be in the future.',
  underAge: 'You must be at least the minimum age.',
  hidden: 'This field is not used on this site.',
  setOnce: 'Your real name is set: only customer service can change it.',
};

/** The merchant's local date (YYYY-MM-DD) at `now`: a birthday's age counts in the merchant's time zone. */
export const localDate = (timeZone: string, now: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

const mobileOf = (m: Pick<MemberRow, 'country_dialing_code' | 'mobile'>) =>
  m.mobile ? `+${m.country_dialing_code} ${m.mobile}` : null;

function valuesOf(m: MemberRow, p: StoredProfile | undefined): ProfileValues {
  return {
    nickname: m.nickname,
    realName: m.real_name,
    email: m.email,
    birthday: p?.birthday ?? null,
    zalo: p?.zalo ?? null,
    telegram: p?.telegram ?? null,
    address: p?.address ?? null,
    nationality: p?.nationality ?? null,
    occupation: p?.occupation ?? null,
    incomeSource: p?.incomeSource ?? null,
  };
}

export function createProfileService(deps: {
  db: AnyDb;
  repo: ProfileRepository;
  members: Members;
  ledger: Pick<LedgerModule, 'lockMemberAccounts' | 'setMemberAccountsClosed'>;
  deposits: Pick<DepositsModule, 'hasPendingDeposit'>;
  withdrawals: Pick<WithdrawalsModule, 'hasOpenWithdrawal'>;
  /** Bets still waiting for a result (their win would reach a closed account): closure waits for them. */
  games: Pick<GamesModule, 'hasOpenRounds'>;
  lottery: Pick<LotteryModule, 'hasOpenBets'>;
  auth: Pick<AuthModule, 'endSessionsIn'>;
  audit: Pick<AdminModule, 'recordAction'>;
  hasher: Pick<PasswordHasher, 'verify'>;
  mailer: Mailer;
  limiter: WindowLimiter;
  clock: () => Date;
}) {
  const { repo, members } = deps;

  async function settings(merchantId: bigint): Promise<ProfileSettings> {
    const row = await repo.settings(merchantId);
    const stored = (typeof row?.field_modes === 'string' ? JSON.parse(row.field_modes) : row?.field_modes) ?? {};
    const fields = { ...DEFAULT_PROFILE_MODES };
    for (const f of PROFILE_FIELDS) {
      const mode = (stored as Record<string, string>)[f];
      if ((PROFILE_MODES as readonly string[]).includes(mode ?? '')) fields[f] = mode as ProfileMode;
    }
    return {
      minAge: row?.min_age ?? DEFAULT_MIN_AGE,
      fields,
      closedRetentionDays: row?.closed_retention_days ?? DEFAULT_CLOSED_RETENTION_DAYS,
    };
  }

  async function view(merchant: Merchant, m: MemberRow): Promise<MemberProfile> {
    const [p, s, verified] = await Promise.all([
      repo.profile(merchant.id, m.id),
      settings(merchant.id),
      repo.verifiedEmail(merchant.id, m.id),
    ]);
    return {
      values: valuesOf(m, p),
      mobile: mobileOf(m),
      realNameLocked: m.real_name !== null,
      emailVerified: m.email !== null && verified === m.email,
      settings: s,
    };
  }

  /**
   * The fields that change and their problems. A field sent is normalised and checked against its mode; a
   * required field must end up with a value; an unchanged stored value is not checked again. The member cannot
   * change a real name once set, nor fill a hidden field; staff can do both.
   */
  function check(
    s: ProfileSettings,
    today: string,
    current: ProfileValues,
    body: ProfileUpdate,
    by: 'member' | 'staff',
  ): { changes: Partial<ProfileValues>; errors: (FieldError & { reason: ProfileProblem })[] } {
    const changes: Partial<ProfileValues> = {};
    const errors: (FieldError & { reason: ProfileProblem })[] = [];
    const fail = (field: ProfileField, reason: ProfileProblem) =>
      errors.push({ field, reason, message: MESSAGES[reason] });
    for (const field of PROFILE_FIELDS) {
      const mode = by === 'staff' && s.fields[field] === 'hidden' ? 'optional' : s.fields[field];
      const next = field in body ? normaliseProfileValue(field, body[field]) : current[field];
      if (next === current[field]) {
        if (by === 'member' && mode === 'required' && next === null) fail(field, 'required');
        continue;
      }
      if (by === 'member' && field === 'realName' && current.realName !== null) {
        fail(field, 'setOnce');
        continue;
      }
      const problem = checkProfileValue(field, next, by === 'staff' && next === null ? 'optional' : mode, {
        minAge: s.minAge,
        today,
      });
      if (problem) fail(field, problem);
      else changes[field] = next;
    }
    return { changes, errors };
  }

  /** Checks and writes a change under the member's row lock; returns what changed (from → to). */
  async function update(
    merchant: Merchant,
    memberId: bigint,
    body: ProfileUpdate,
    by: 'member' | 'staff',
    alsoInTransaction?: (
      trx: AnyDb,
      changed: Record<string, { from: string | null; to: string | null }>,
    ) => Promise<void>,
  ): Promise<void> {
    const s = await settings(merchant.id);
    const today = localDate(merchant.timezone, deps.clock());
    await deps.db.transaction().execute(async (trx) => {
      const m = await members.lockForUpdate(trx, merchant.id, memberId);
      if (!m) throw new AppError(by === 'member' ? 'unauthorized' : 'member_not_found');
      const current = valuesOf(m, await repo.profile(merchant.id, memberId, trx));
      const { changes, errors } = check(s, today, current, body, by);
      if (errors.length) {
        const underAge = errors.some((e) => e.reason === 'underAge');
        throw new AppError(
          underAge ? 'profile_under_age' : 'validation_failed',
          underAge ? `You must be at least ${s.minAge} years old.` : undefined,
          { in: 'body', fields: errors, ...(underAge && { minAge: s.minAge }) },
        );
      }
      const own: { nickname?: string | null; real_name?: string | null; email?: string | null } = {};
      if ('nickname' in changes) own.nickname = changes.nickname;
      if ('realName' in changes) own.real_name = changes.realName;
      if ('email' in changes) own.email = changes.email;
      await members.setProfileColumns(trx, merchant.id, memberId, own);
      const stored: Partial<StoredProfile> = {};
      for (const f of STORED_FIELDS) if (f in changes) stored[f] = changes[f] ?? null;
      if (Object.keys(stored).length) await repo.save(trx, merchant.id, memberId, stored, deps.clock());
      const changed = Object.fromEntries(
        Object.entries(changes).map(([f, to]) => [f, { from: current[f as ProfileField], to: to ?? null }]),
      );
      await alsoInTransaction?.(trx, changed);
    });
  }

  async function memberOf(merchant: Merchant, account: string): Promise<MemberRow> {
    const m = await members.findByAccount(merchant.id, account);
    if (!m) throw new AppError('member_not_found');
    return m;
  }

  async function memberView(merchant: Merchant, memberId: bigint): Promise<MemberProfile> {
    const m = await members.findById(merchant.id, memberId);
    if (!m) throw new AppError('unauthorized');
    return view(merchant, m);
  }

  async function staffView(merchant: Merchant, account: string): Promise<AdminMemberProfile> {
    const m = await memberOf(merchant, account);
    return {
      ...(await view(merchant, m)),
      account: m.account,
      closedAt: m.closed_at?.toISOString() ?? null,
      anonymisedAt: m.anonymised_at?.toISOString() ?? null,
    };
  }

  return {
    /** The merchant's retention period of closed accounts (the anonymisation job's). */
    closedRetentionDays: async (merchantId: bigint) => (await settings(merchantId)).closedRetentionDays,
    settings,
    memberView,
    staffView,

    async memberUpdate(merchant: Merchant, memberId: bigint, body: ProfileUpdate): Promise<MemberProfile> {
      await update(merchant, memberId, body, 'member');
      return memberView(merchant, memberId);
    },

    /** Staff change any field (the real name too; hidden fields kept); audited with each change's from → to. */
    async staffUpdate(
      merchant: Merchant,
      actor: ProfileActor,
      account: string,
      body: ProfileUpdate,
    ): Promise<AdminMemberProfile> {
      const m = await memberOf(merchant, account);
      await update(merchant, m.id, body, 'staff', async (trx, changed) => {
        if (Object.keys(changed).length === 0) return;
        await deps.audit.recordAction(trx, {
          merchantId: merchant.id,
          adminId: actor.adminId,
          action: 'member.profile',
          targetType: 'member',
          targetId: m.account,
          detail: { account: m.account, changed },
          ip: actor.ip,
        });
      });
      return staffView(merchant, account);
    },

    /** The merchant's profile settings changed in the back office, audited in the same transaction. */
    async saveSettings(merchant: Merchant, actor: ProfileActor, patch: ProfileSettingsPatch): Promise<ProfileSettings> {
      const s = await settings(merchant.id);
      const next = {
        minAge: patch.minAge ?? s.minAge,
        fields: { ...s.fields, ...patch.fields },
        closedRetentionDays: patch.closedRetentionDays ?? s.closedRetentionDays,
      };
      await deps.db.transaction().execute(async (trx) => {
        await repo.saveSettings(
          trx,
          merchant.id,
          { minAge: next.minAge, modes: next.fields, closedRetentionDays: next.closedRetentionDays },
          deps.clock(),
        );
        await deps.audit.recordAction(trx, {
          merchantId: merchant.id,
          adminId: actor.adminId,
          action: 'site.profile_fields',
          targetType: 'merchant',
          targetId: merchant.code,
          detail: { ...patch },
          ip: actor.ip,
        });
      });
      return next;
    },

    /** Sends a verification link to the member's e-mail (single use, EMAIL_VERIFY_HOURS); 3 an hour. */
    async sendEmailLink(merchant: Merchant, memberId: bigint, origin: string): Promise<void> {
      const m = await members.findById(merchant.id, memberId);
      if (!m) throw new AppError('unauthorized');
      if (!m.email)
        throw new AppError('validation_failed', 'Save an e-mail address first.', {
          in: 'body',
          fields: [{ field: 'email', reason: 'required', message: 'Save an e-mail address first.' }],
        });
      const limit = await deps.limiter.hit(`email-verify:${memberId}`, 3, 3_600_000);
      if (!limit.allowed)
        throw new AppError('too_many_requests', undefined, { retryAfterSeconds: limit.retryAfterSeconds });
      const token = randomBytes(32).toString('base64url');
      const now = deps.clock();
      await repo.saveVerifyToken(
        merchant.id,
        memberId,
        {
          tokenHash: sha256Hex(token),
          email: m.email,
          expiresAt: new Date(now.getTime() + EMAIL_VERIFY_HOURS * 3_600_000),
        },
        now,
      );
      await deps.mailer.send({
        to: m.email,
        subject: `${merchant.name}: confirm your e-mail address`,
        text: `Open this link within ${EMAIL_VERIFY_HOURS} hours to confirm this address for your account ${m.account}:\n${origin}/verifyEmail?token=${token}\n\nIf you did not ask for this, ignore this e-mail.`,
      });
    },

    /** The link opened: the address is verified if it is still the member's e-mail (a changed one needs a new link). */
    async confirmEmail(merchant: Merchant, token: string): Promise<{ email: string }> {
      const now = deps.clock();
      const t = await repo.consumeVerifyToken(merchant.id, sha256Hex(token), now);
      const m = t && (await members.findById(merchant.id, t.memberId));
      if (!t || !m || m.email !== t.email)
        throw new AppError('verification_code_invalid', 'This link is not valid any more. Please ask for a new one.');
      await deps.db.transaction().execute((trx) => repo.markVerified(trx, t.memberId, t.email, now));
      return { email: t.email };
    },

    /**
     * The member closes the account: confirmed with the password, refused while any wallet (main, game wallets,
     * bonus, held amounts) is not zero or a deposit or withdrawal is pending (account_money_pending); the check
     * and the closure are one transaction with the ledger accounts locked and marked closed, so no credit can land
     * after it. The account is kept with status closed, every session ends, the audit log records it. Logins are
     * then refused with account_closed.
     */
    async close(merchant: Merchant, memberId: bigint, password: string, ip: string): Promise<{ closedAt: string }> {
      const limit = await deps.limiter.hit(`close:${memberId}`, 5, 15 * 60_000);
      if (!limit.allowed)
        throw new AppError('too_many_requests', undefined, { retryAfterSeconds: limit.retryAfterSeconds });
      const m = await members.findById(merchant.id, memberId);
      if (!m) throw new AppError('unauthorized');
      if (!(await deps.hasher.verify(m.password_hash, password)))
        throw new AppError('validation_failed', 'The password is not correct.', {
          in: 'body',
          fields: [{ field: 'password', reason: 'incorrect', message: 'The password is not correct.' }],
        });
      if (isAgentType(merchant, m.type))
        throw new AppError('forbidden', 'An agent account is closed by customer service (its team moves first).');
      const at = deps.clock();
      // One transaction: every ledger account of the member locked (in id order, as a post locks them; the main
      // wallet created if missing), checked and marked closed, then the member's row. A credit racing the closure
      // either committed first (its money is seen: refused) or waits on the accounts and is refused by the ledger
      // (account_closed) once this commits. The accounts come before the member's row: a post creating an account
      // takes a key-share lock on that row (the foreign key), so the other order could deadlock with it.
      await deps.db.transaction().execute(async (trx) => {
        const accounts = await deps.ledger.lockMemberAccounts(trx, merchant, memberId);
        const locked = await members.lockForUpdate(trx, merchant.id, memberId);
        if (!locked || locked.status === 'closed') throw new AppError('state_invalid');
        if (
          (await deps.deposits.hasPendingDeposit(merchant.id, memberId, trx)) ||
          (await deps.withdrawals.hasOpenWithdrawal(merchant.id, memberId, trx))
        )
          throw new AppError('account_money_pending');
        if (
          (await deps.games.hasOpenRounds(merchant.id, memberId, trx)) ||
          (await deps.lottery.hasOpenBets(merchant.id, memberId, trx))
        )
          throw new AppError('account_bets_open');
        const left = accounts.filter((a) => a.balance !== 0n || a.debitsPending !== 0n || a.creditsPending !== 0n);
        if (left.length)
          throw new AppError('account_balance_not_zero', undefined, {
            wallets: left.map((a) => ({ account: a.code, balance: String(a.balance) })),
          });
        await deps.ledger.setMemberAccountsClosed(trx, merchant.id, memberId, at);
        if (!(await members.close(trx, merchant.id, memberId, at))) throw new AppError('state_invalid');
        const ended = await deps.auth.endSessionsIn(trx, memberId);
        await deps.audit.recordAction(trx, {
          merchantId: merchant.id,
          adminId: null,
          action: 'member.close',
          targetType: 'member',
          targetId: m.account,
          detail: { account: m.account, by: 'member', sessionsEnded: ended },
          ip,
        });
      });
      return { closedAt: at.toISOString() };
    },

    /**
     * Staff reopen a closed account (members.manage, a reason, audited): the ledger accounts unmarked and the member
     * active again, in one transaction (the same lock order as the closure). An anonymised account stays closed.
     */
    async reopen(
      merchant: Merchant,
      actor: ProfileActor,
      account: string,
      reason: string,
    ): Promise<AdminMemberProfile> {
      const m = await memberOf(merchant, account);
      await deps.db.transaction().execute(async (trx) => {
        await deps.ledger.lockMemberAccounts(trx, merchant, m.id);
        const locked = await members.lockForUpdate(trx, merchant.id, m.id);
        if (!locked) throw new AppError('member_not_found');
        if (locked.status !== 'closed') throw new AppError('state_invalid', 'This account is not closed.');
        if (locked.anonymised_at)
          throw new AppError(
            'state_invalid',
            "This account's personal data was erased after the retention period: it cannot be reopened.",
          );
        await deps.ledger.setMemberAccountsClosed(trx, merchant.id, m.id, null);
        if (!(await members.reopen(trx, merchant.id, m.id))) throw new AppError('state_invalid');
        await deps.audit.recordAction(trx, {
          merchantId: merchant.id,
          adminId: actor.adminId,
          action: 'member.reopen',
          targetType: 'member',
          targetId: m.account,
          detail: { account: m.account, reason, closedAt: locked.closed_at?.toISOString() ?? null },
          ip: actor.ip,
        });
      });
      return staffView(merchant, account);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
