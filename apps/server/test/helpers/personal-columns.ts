import { sql } from 'kysely';
import type { AnyDb } from '../../src/db/schema.ts';

/**
 * Every column of the schema that looks personal (a member's table with a free text, contact, IP, device, name or
 * file column; any table with an IP, mobile, e-mail or recipient column), reviewed for the retention anonymisation
 * (issue 25; docs/operators.md, "What the anonymisation erases and keeps"): what the job does with it, or why it is kept. test/anonymise.test.ts fails when a
 * migration adds such a column that is not here — review it, erase it in its module's anonymiseMember, add it.
 */
export const REVIEWED_COLUMNS: Record<string, string> = {
  // members: members.anonymise (and the avatar row deleted).
  'members.created_ip': 'erased',
  'members.email': 'erased',
  'members.last_login_ip': 'erased',
  'members.lock_reason': 'erased',
  'members.mobile': 'erased',
  'members.nickname': 'erased',
  'members.real_name': 'erased',
  'member_avatars.content': 'erased: row deleted',
  // profile: the row deleted.
  'member_profiles.address': 'erased: row deleted',
  'member_profiles.birthday': 'erased: row deleted',
  'member_profiles.income_source': 'erased: row deleted',
  'member_profiles.nationality': 'erased: row deleted',
  'member_profiles.occupation': 'erased: row deleted',
  'member_profiles.telegram': 'erased: row deleted',
  'member_profiles.verified_email': 'erased: row deleted',
  'member_profiles.verify_email': 'erased: row deleted',
  'member_profiles.zalo': 'erased: row deleted',
  // auth: forgetMember.
  'sessions.device_id': 'erased',
  'sessions.ip': 'erased',
  'sessions.user_agent': 'erased',
  'member_logins.ip': 'erased',
  'member_logins.user_agent': 'erased',
  'member_devices.device_id': 'erased: rows deleted',
  'member_devices.ip': 'erased: rows deleted',
  'member_devices.user_agent': 'erased: rows deleted',
  'login_challenges.device_id': 'erased: rows deleted',
  'login_challenges.ip': 'erased: rows deleted',
  'login_challenges.user_agent': 'erased: rows deleted',
  // kyc: eraseMember.
  'kyc_documents.content': 'erased: rows deleted',
  'kyc_documents.reason': 'erased: rows deleted',
  'kyc_documents.reviewed_by_name': 'erased: rows deleted',
  // withdrawals: anonymiseMember.
  'member_bank_accounts.account_name': 'erased',
  'member_bank_accounts.account_number': 'erased',
  'member_bank_accounts.bank_name': 'kept: the bank alone names no one',
  'withdrawals.account_name': 'erased',
  'withdrawals.account_number': 'erased',
  'withdrawals.bank_name': 'kept: the bank alone names no one',
  'withdrawals.reject_reason': "kept: staff's reason on a money record",
  'withdrawal_proofs.content': 'erased: rows deleted',
  'withdrawal_payout_proofs.content': 'erased: rows deleted',
  // verification and captcha: by the member's number and IPs.
  'verification_codes.mobile': "erased: the member's number's rows deleted",
  'verification_codes.ip': "erased: the member's IPs blanked",
  'captchas.ip': "erased: rows from the member's IPs deleted",
  // feedback.
  'member_feedback.content': 'erased: marker',
  'member_feedback.reply': 'erased: marker',
  'member_feedback.handled_by_name': "kept: the staff member's name",
  'member_feedback_images.content': 'erased: rows deleted',
  // chat.
  'chat_messages.text': 'erased: marker',
  'chat_messages.display_name': 'erased: marker',
  'chat_messages.slip': 'erased: null',
  'chat_sanctions.reason': "kept: staff's reason for a mute or ban (moderation record)",
  // bonus.
  'bonus_claims.ip': 'erased',
  'bonus_claims.device': 'erased',
  'bonus_claims.flag_reason': 'kept: names the match kind and a member id only',
  'bonus_claims.review_reason': "kept: staff's reason on a money record",
  // activities.
  'activity_applications.comment': 'erased: marker',
  'activity_applications.ip': 'erased',
  'activity_applications.device': 'erased',
  'activity_applications.flag_reason': 'kept: names the match kind and a member id only',
  'activity_applications.review_reason': "kept: staff's reason on a money record",
  'activity_application_images.content': 'erased: rows deleted',
  // referral.
  'referrals.registered_ip': 'erased',
  'referrals.registered_device_id': 'erased',
  'referrals.review_reason': "kept: staff's reason on a reward record",
  // rewards.
  'reward_mall_orders.address': 'erased: marker (a physical order must keep one)',
  'reward_mall_orders.item_name': "kept: the shop's item",
  'reward_mall_orders.refuse_reason': "kept: staff's reason on a points record",
  'reward_points_entries.remark': 'kept: system text of a points movement',
  // messages and staff notes.
  'member_messages.content': "erased: marker on the member's own messages (broadcasts kept)",
  'member_notes.body': 'erased: marker',
  // deposits.
  'deposit_receipts.content': 'erased: rows deleted',
  'deposits.reason': "kept: staff's reason on a money record",
  // Not the member's data.
  'admin_adjustments.reason': "kept: staff's reason on a money record (audit)",
  'admin_audit_log.ip': "kept: the staff member's IP (audit trail)",
  'admin_sessions.ip': "kept: the staff member's IP",
  'affiliate_links.note': "kept: an agent's label for a link",
  'vip_level_changes.reason': 'kept: system text of a level change',
  'dev_outbox.recipient': 'kept: the development outbox (no real SMS or mail gateway), never used in production',
};

/** The columns REVIEWED_COLUMNS must cover, read from the live schema (table.column, sorted). */
export async function personalLookingColumns(db: AnyDb): Promise<string[]> {
  const r = await sql<{ c: string }>`
    with refs as (
      select distinct table_name from information_schema.columns
      where table_schema = 'public'
        and column_name ~ '^(member_id|referee_id|referrer_id|player_id|application_id|feedback_id|deposit_id|withdrawal_id)$'
      union select 'members')
    select c.table_name || '.' || c.column_name as c
    from information_schema.columns c
    join information_schema.tables tb
      on tb.table_name = c.table_name and tb.table_schema = 'public' and tb.table_type = 'BASE TABLE'
    left join refs r on r.table_name = c.table_name
    where c.table_schema = 'public'
      and ((r.table_name is not null and (c.data_type = 'bytea' or c.column_name ~
             '(^|_)(ip|mobile|phone|email|address|name|nickname|device|device_id|user_agent|content|text|body|comment|note|remark|reply|reason|zalo|telegram|birthday|nationality|occupation|income_source|number|slip|recipient)$'))
        or c.column_name ~ '(^|_)(ip|mobile|phone|email|recipient)$')
    order by 1`.execute(db);
  return r.rows.map((x) => x.c);
}
