import type { PlayEvent } from '../../lib/play-events.ts';
import { randomBytes } from 'node:crypto';
import { checkFieldRule, type MemberInfo } from '@sea/contracts';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { reencodeImage } from '../../lib/image.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import type { RegistrationModule } from '../registration/index.ts';
import type { Kysely } from 'kysely';
import type { AnyDb } from '../../db/schema.ts';
import type { HierarchyRepository } from './hierarchy.repository.ts';
import type { MemberRow, MembersRepository } from './members.repository.ts';
import type { MembersTables } from './members.tables.ts';
import { normalisePoint, pointTenths, pointText } from './rebate-point.ts';

export const isAgentType = (m: Pick<Merchant, 'agentTypes'>, type: number) => m.agentTypes.includes(type);
export const isTrialType = (m: Pick<Merchant, 'trialTypes'>, type: number) => m.trialTypes.includes(type);

export function toMemberInfo(merchant: Merchant, m: MemberRow): MemberInfo {
  return {
    id: String(m.id),
    account: m.account,
    nickname: m.nickname,
    type: m.type,
    isAgent: isAgentType(merchant, m.type),
    isTrial: isTrialType(merchant, m.type),
    language: m.language,
    mobile: m.mobile ? `+${m.country_dialing_code} ${m.mobile}` : null,
    email: m.email,
    lastLoginAt: m.last_login_at?.toISOString() ?? null,
    previousLoginAt: m.previous_login_at?.toISOString() ?? null,
  };
}

const taken = (field: 'username' | 'mobileNum') => {
  const message = field === 'username' ? 'This username is taken.' : 'This phone number is already registered.';
  return new AppError('validation_failed', message, { in: 'body', fields: [{ field, reason: 'taken', message }] });
};

export function createMembersService(deps: {
  db: Kysely<MembersTables>;
  repo: MembersRepository;
  tree: HierarchyRepository;
  hasher: Pick<PasswordHasher, 'hash'>;
  registration: Pick<RegistrationModule, 'rules'>;
  clock: () => Date;
  /** The play-event queue: a registration is published in the member's transaction (modules/play-events). */
  events?: { publish(trx: AnyDb, e: PlayEvent): Promise<void> };
}) {
  const { repo } = deps;

  async function insertOrTaken(values: Parameters<MembersRepository['insert']>[0], trx: AnyDb): Promise<MemberRow> {
    try {
      return await repo.insert(values, trx);
    } catch (err) {
      const e = err as { code?: string; constraint?: string; message?: string };
      if (e.code !== '23505') throw err;
      throw taken(/mobile/.test(`${e.constraint ?? ''} ${e.message ?? ''}`) ? 'mobileNum' : 'username');
    }
  }

  return {
    /**
     * Creates a member after checking username and password against the merchant's registration rules.
     * Used by registration (and by tests and seeds); the HTTP registration flow adds its own checks.
     */
    async create(
      input: {
        merchant: Merchant;
        account: string;
        password: string;
        type?: number;
        nickname?: string | null;
        email?: string | null;
        countryDialingCode?: string | null;
        mobile?: string | null;
        uplineId?: bigint | null;
        language?: string;
        ip?: string;
        mustChangePassword?: boolean;
        realName?: string | null;
        referralCode?: string | null;
        paymentPassword?: string | null;
        /** Rebate point ('12.5'); never above the upline's (default 0). */
        rebatePoint?: string;
        /** The invitation code the member registered with (agent code or affiliate link). */
        invitationCode?: string | null;
      },
      opts: {
        skipUsernameRule?: boolean;
        /** More writes in the member's transaction (an operator action's audit record). */
        alsoInTransaction?: (trx: AnyDb, row: MemberRow) => Promise<void>;
        /** The affiliate link the member registered through (its registration count goes up with the insert). */
        linkId?: bigint;
      } = {},
    ): Promise<MemberRow> {
      const rules = await deps.registration.rules(input.merchant.id);
      const fields: { field: string; reason: string; message: string }[] = [];
      const u = opts.skipUsernameRule ? null : checkFieldRule({ ...rules.username, required: true }, input.account);
      if (u) fields.push({ field: 'username', reason: u, message: `Username ${u}` });
      const p =
        opts.skipUsernameRule && input.password.length >= 24
          ? null
          : checkFieldRule({ ...rules.password, required: true }, input.password);
      if (p) fields.push({ field: 'password', reason: p, message: `Password ${p}` });
      if (fields.length) throw new AppError('validation_failed', undefined, { in: 'body', fields });
      const rebate = pointText(pointTenths(input.rebatePoint ?? '0'));
      if (await repo.findByAccount(input.merchant.id, input.account)) throw taken('username');
      const passwordHash = await deps.hasher.hash(input.password);
      const paymentHash = input.paymentPassword ? await deps.hasher.hash(input.paymentPassword) : null;
      const values: Parameters<MembersRepository['insert']>[0] = {
        merchant_id: input.merchant.id,
        account: input.account.toLowerCase(),
        password_hash: passwordHash,
        type: input.type ?? 0,
        nickname: input.nickname ?? null,
        email: input.email ?? null,
        country_dialing_code: input.countryDialingCode ?? null,
        mobile: input.mobile ?? null,
        upline_id: input.uplineId ?? null,
        language: input.language ?? input.merchant.defaultLanguage,
        created_ip: input.ip ?? '',
        must_change_password: input.mustChangePassword ?? false,
        password_changed_at: deps.clock(),
        created_at: deps.clock(),
        payment_password_hash: paymentHash,
        rebate_point: rebate,
        real_name: input.realName ?? null,
        // Agents get an invitation (affiliate) code for their registration links.
        affiliate_code: isAgentType(input.merchant, input.type ?? 0)
          ? randomBytes(5).toString('hex').toUpperCase()
          : null,
        referral_code: input.referralCode ?? null,
        invitation_code: input.invitationCode?.trim().toUpperCase() || null,
        locked_until: null,
        last_login_at: null,
        last_login_ip: null,
        previous_login_at: null,
      };
      // The member row and its closure rows in one transaction; the upline is locked (share) so its rebate point
      // cannot drop below the new member's while this commits.
      const write = async (trx: AnyDb) => {
        const uplineId = input.uplineId ?? null;
        if (uplineId !== null) {
          const upline = await deps.tree.lockMember(trx, input.merchant.id, uplineId, 'share');
          if (!upline) throw new AppError('not_found', 'Unknown upline.');
          if (pointTenths(rebate) > pointTenths(upline.rebate_point))
            throw new AppError(
              'rebate_point_invalid',
              `The rebate point cannot exceed ${normalisePoint(upline.rebate_point)}.`,
              {
                max: normalisePoint(upline.rebate_point),
              },
            );
        }
        const row = await insertOrTaken(values, trx);
        await deps.tree.insertTreeRows(trx, input.merchant.id, row.id, uplineId);
        if (opts.linkId !== undefined) await deps.tree.countRegistration(trx, opts.linkId);
        await deps.events?.publish(trx, {
          kind: 'member_registered',
          id: `member:${row.id}`,
          merchantId: row.merchant_id,
          memberId: row.id,
          at: row.created_at,
        });
        await opts.alsoInTransaction?.(trx, row);
        return row;
      };
      // The check above gives the usual answer; the unique indexes decide between two concurrent sign-ups.
      return deps.db.transaction().execute(write);
    },

    async info(merchant: Merchant, memberId: bigint): Promise<MemberInfo> {
      const row = await repo.findById(merchant.id, memberId);
      if (!row) throw new AppError('unauthorized');
      return toMemberInfo(merchant, row);
    },

    async avatar(memberId: bigint): Promise<Uint8Array | undefined> {
      return (await repo.avatar(memberId))?.content;
    },

    /** PNG or JPG (checked by content, ≤ 5 MB), stored as a 256×256 PNG re-encoding; returns it. */
    async saveAvatar(memberId: bigint, upload: Uint8Array): Promise<Buffer> {
      const png = await reencodeImage(upload, { format: 'png', size: 256 });
      await repo.saveAvatar(memberId, png, deps.clock());
      return png;
    },

    async setLanguage(merchant: Merchant, memberId: bigint, language: string): Promise<void> {
      if (!merchant.languages.includes(language)) {
        throw new AppError('validation_failed', undefined, {
          in: 'body',
          fields: [
            { field: 'language', reason: 'invalid_value', message: `Use one of ${merchant.languages.join(', ')}` },
          ],
        });
      }
      await repo.setLanguage(memberId, language);
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
