import { ANONYMISED_TEXT, CLOSED_RETENTION_MIN_DAYS } from '@sea/contracts';
import type { AnyDb } from '../../db/schema.ts';
import type { ActivitiesModule } from '../activities/index.ts';
import type { AdminModule } from '../admin/index.ts';
import type { AuthModule } from '../auth/index.ts';
import type { BonusModule } from '../bonus/index.ts';
import type { CaptchaModule } from '../captcha/index.ts';
import type { ChatModule } from '../chat/index.ts';
import type { DepositsModule } from '../deposits/index.ts';
import type { FeedbackModule } from '../feedback/index.ts';
import type { KycModule } from '../kyc/index.ts';
import type { MemberAdminModule } from '../member-admin/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { MessagesModule } from '../messages/index.ts';
import type { ReferralModule } from '../referral/index.ts';
import type { RewardsModule } from '../rewards/index.ts';
import type { VerificationModule } from '../verification/index.ts';
import type { WithdrawalsModule } from '../withdrawals/index.ts';
import type { ProfileRepository } from './profile.repository.ts';

type Eraser = (trx: AnyDb, merchantId: bigint, memberId: bigint) => Promise<number>;

/** Audit entries whose detail holds the person's own values: a staff profile edit's from → to, a mobile change. */
export const PERSONAL_AUDIT_ACTIONS = ['member.profile', 'member.mobile_change'];
const KEPT_IN_AUDIT = new Set(['account', 'by']);

/** Every value replaced by the marker; the shape (which fields changed), the account and who acted are kept. */
export function redactPersonal(detail: Record<string, unknown>): Record<string, unknown> {
  const blank = (v: unknown): unknown =>
    v === null || v === undefined
      ? v
      : Array.isArray(v)
        ? v.map(blank)
        : typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, blank(x)]))
          : ANONYMISED_TEXT;
  return Object.fromEntries(Object.entries(detail).map(([k, v]) => [k, KEPT_IN_AUDIT.has(k) ? v : blank(v)]));
}

type PhoneNumber = { countryDialingCode: string; mobile: string };

/**
 * The member's current number and the numbers of its mobile changes' audit entries (`from` and `to`, written as
 * `+<cc> <mobile>` by mobile-change.service.ts), without repeats; an entry already redacted names none.
 */
export function knownNumbers(
  current: { country_dialing_code: string | null; mobile: string | null },
  entries: { detail: Record<string, unknown> }[],
): PhoneNumber[] {
  const found = new Map<string, PhoneNumber>();
  const add = (countryDialingCode: string, mobile: string) =>
    found.set(`${countryDialingCode} ${mobile}`, { countryDialingCode, mobile });
  if (current.country_dialing_code && current.mobile) add(current.country_dialing_code, current.mobile);
  for (const { detail } of entries)
    for (const v of [detail.from, detail.to]) {
      const m = typeof v === 'string' ? /^\+(\d{1,4}) (\d{6,15})$/.exec(v) : null;
      if (m) add(m[1]!, m[2]!);
    }
  return [...found.values()];
}

/**
 * The modules that keep a member's personal data by member id, each erasing its own through its face (issue 25).
 * Adding a table with personal data means adding its module here: test/anonymise.test.ts fails until it is.
 */
export interface PersonalDataOwners {
  feedback: Pick<FeedbackModule, 'anonymiseMember'>;
  chat: Pick<ChatModule, 'anonymiseMember'>;
  bonus: Pick<BonusModule, 'anonymiseMember'>;
  activities: Pick<ActivitiesModule, 'anonymiseMember'>;
  referral: Pick<ReferralModule, 'anonymiseMember'>;
  rewards: Pick<RewardsModule, 'anonymiseMember'>;
  messages: Pick<MessagesModule, 'anonymiseMember'>;
  memberAdmin: Pick<MemberAdminModule, 'anonymiseMember'>;
  deposits: Pick<DepositsModule, 'anonymiseMember'>;
}

export interface AnonymiseDeps {
  db: AnyDb;
  repo: Pick<ProfileRepository, 'wipe'>;
  members: Pick<MembersModule, 'closedBefore' | 'lockForUpdate' | 'anonymise'>;
  withdrawals: Pick<WithdrawalsModule, 'anonymiseMember'>;
  kyc: Pick<KycModule, 'eraseMember'>;
  auth: Pick<AuthModule, 'forgetMember' | 'ipsOf'>;
  audit: Pick<AdminModule, 'recordAction' | 'redactMemberAudit' | 'memberAuditDetails'>;
  /** What is kept by number or IP rather than by member id (codes, captchas). */
  verification: Pick<VerificationModule, 'anonymiseMember'>;
  captcha: Pick<CaptchaModule, 'anonymiseMember'>;
  personalData: PersonalDataOwners;
  clock: () => Date;
}

/**
 * The retention job: closed accounts whose merchant's retention period (closedRetentionDays) has passed lose every
 * personal datum, one transaction each (all or nothing for a member), audited by the system with what each module
 * changed. The members row and the profile row are wiped here; every other module erases its own through its face.
 * Kept: the ledger, amounts, game and bet records, states and dates, the account id and name, the audit trail
 * (with the person's own values in it redacted: PERSONAL_AUDIT_ACTIONS).
 * Up to `limit` accounts a run; an account already anonymised is skipped (a second run changes nothing).
 */
export function createAnonymiseService(
  deps: AnonymiseDeps & { retentionDays: (merchantId: bigint) => Promise<number> },
) {
  const { members } = deps;
  return {
    async anonymiseDue(limit = 200): Promise<{ anonymised: string[] }> {
      const now = deps.clock();
      const candidates = await members.closedBefore(
        new Date(now.getTime() - CLOSED_RETENTION_MIN_DAYS * 86_400_000),
        limit,
      );
      const retention = new Map<bigint, number>();
      const done: string[] = [];
      for (const c of candidates) {
        if (!retention.has(c.merchant_id)) retention.set(c.merchant_id, await deps.retentionDays(c.merchant_id));
        const days = retention.get(c.merchant_id)!;
        if (!c.closed_at || c.closed_at.getTime() + days * 86_400_000 > now.getTime()) continue;
        const closedAt = c.closed_at;
        await deps.db.transaction().execute(async (trx) => {
          const locked = await members.lockForUpdate(trx, c.merchant_id, c.id);
          if (!locked || locked.anonymised_at) return;
          // What is kept by number or IP is found from the rows about to be wiped.
          // The current number and every earlier one: a mobile change's audit entry names both (read before the
          // redaction below blanks them).
          const numbers = knownNumbers(
            locked,
            await deps.audit.memberAuditDetails(trx, c.merchant_id, locked.account, ['member.mobile_change']),
          );
          const ips = [
            ...new Set(
              [locked.created_ip, locked.last_login_ip, ...(await deps.auth.ipsOf(trx, c.merchant_id, c.id))].filter(
                (ip): ip is string => !!ip,
              ),
            ),
          ];
          if (!(await members.anonymise(trx, c.merchant_id, c.id, now))) return;
          await deps.repo.wipe(trx, c.merchant_id, c.id);
          const documents = await deps.kyc.eraseMember(trx, c.merchant_id, c.id);
          const { bankAccounts } = await deps.withdrawals.anonymiseMember(trx, c.merchant_id, c.id, now);
          await deps.auth.forgetMember(trx, c.merchant_id, c.id);
          const erased: Record<string, number> = {};
          for (const [name, owner] of Object.entries(deps.personalData) as [string, { anonymiseMember: Eraser }][])
            erased[name] = await owner.anonymiseMember(trx, c.merchant_id, c.id);
          erased.verification = await deps.verification.anonymiseMember(trx, {
            merchantId: c.merchant_id,
            memberId: c.id,
            numbers,
            ips,
            before: closedAt,
          });
          erased.captcha = await deps.captcha.anonymiseMember(trx, {
            merchantId: c.merchant_id,
            ips,
            before: closedAt,
          });
          // The audit trail stays; the person's own values in it (profile edits, mobile changes) are redacted.
          erased.auditEntries = await deps.audit.redactMemberAudit(
            trx,
            c.merchant_id,
            locked.account,
            PERSONAL_AUDIT_ACTIONS,
            redactPersonal,
            now,
          );
          await deps.audit.recordAction(trx, {
            merchantId: c.merchant_id,
            adminId: null,
            action: 'member.anonymise',
            targetType: 'member',
            targetId: locked.account,
            detail: {
              account: locked.account,
              closedAt: closedAt.toISOString(),
              retentionDays: days,
              documents,
              bankAccounts,
              erased,
            },
            ip: '',
          });
          done.push(locked.account);
        });
      }
      return { anonymised: done };
    },
  };
}
