import type { MessageDetail, MessagePage, MessageSegment, MessageSendRequest, messageListQuery } from '@sea/contracts';
import type { Kysely } from 'kysely';
import { afterCommit } from '../../db/after-commit.ts';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { z } from 'zod';
import type { AuthenticatedMember, Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { parseTranslations, storeTranslations, translated, type TranslationsJson } from '../../lib/translations.ts';
import type { MembersModule } from '../members/index.ts';
import type { ResponsibleGamingModule } from '../responsible-gaming/index.ts';
import type { RealtimeModule } from '../realtime/index.ts';
import type { MessageRow, MessagesRepository } from './messages.repository.ts';
import type { MessagesTables } from './messages.tables.ts';

type Db = Kysely<MessagesTables>;
type ListQuery = z.infer<typeof messageListQuery>;
/** Writes the operator's audit record inside the action's own transaction. */
export type AuditHook = (
  trx: Db,
  row: MessageRow,
  account: string | null,
  segment?: MessageSegment & { recipients: number },
) => Promise<void>;

const paging = (q: ListQuery) => ({ offset: (q.pageNo - 1) * q.pageSize, limit: q.pageSize });

export function createMessagesService(deps: {
  db: Db;
  repo: MessagesRepository;
  members: Pick<MembersModule, 'findByAccount' | 'findById' | 'segmentSubquery'>;
  realtime?: Pick<RealtimeModule, 'messages'>;
  rg?: Pick<ResponsibleGamingModule, 'blockedSubquery'>;
  clock: () => Date;
}) {
  const { db, repo, members, clock } = deps;
  /** Pushes the member's new unread count (fire-and-forget: the inbox call is the truth, this is the nudge). */
  const pushUnread = (merchantId: bigint, memberId: bigint) => {
    if (!deps.realtime) return;
    repo.unread(merchantId, memberId).then(
      (unread) => deps.realtime?.messages(memberId, merchantId, { unread }),
      () => undefined,
    );
  };
  async function sendToSegment(
    merchant: Merchant,
    adminId: bigint,
    req: Extract<MessageSendRequest, { to: 'segment' }>,
    audit: AuditHook,
  ) {
    const seg = req.segment;
    let agentId: bigint | undefined;
    if (seg.agentAccount) {
      const agent = await members.findByAccount(merchant.id, seg.agentAccount);
      if (!agent) throw new AppError('message_recipient_not_found', 'No member with this account.');
      agentId = agent.id;
    }
    const criteria = segmentOf({ ...seg, agentAccount: seg.agentAccount?.toLowerCase() });
    const subquery = members.segmentSubquery(merchant.id, {
      agentId,
      from: seg.registeredFrom,
      to: seg.registeredTo,
      timeZone: merchant.timezone,
      excludeTypes: merchant.trialTypes,
    });
    const { sent, recipients } = await db.transaction().execute(async (trx) => {
      const { row, recipients } = await repo.insertForSegment(
        trx,
        {
          merchant_id: merchant.id,
          title: req.title,
          content: req.content,
          translations: storeTranslations(req.translations),
          created_by: adminId,
          created_at: clock(),
        },
        criteria,
        subquery,
        deps.rg?.blockedSubquery(merchant.id),
      );
      await audit(trx, row, null, { ...criteria, recipients: recipients.length });
      const sent = {
        id: String(row.id),
        account: null,
        title: row.title,
        content: row.content,
        translations: parseTranslations(row.translations),
        createdAt: row.created_at.toISOString(),
        segment: criteria,
        recipients: recipients.length,
      };
      return { sent, recipients };
    });
    for (const id of recipients.slice(0, 1000)) pushUnread(merchant.id, id); // the nudge; the inbox is the truth
    return sent;
  }

  return {
    /** The member's inbox, newest first, with the unread markers and count; titles in the reader's language. */
    async inbox(
      merchant: Merchant,
      member: AuthenticatedMember,
      q: ListQuery,
      language?: string,
    ): Promise<MessagePage> {
      const { rows, total, unread } = await repo.page(merchant.id, member.memberId, paging(q));
      return {
        list: rows.map((r) => ({
          id: String(r.id),
          title: translated(r, language).title,
          sentAt: r.created_at.getTime(),
          broadcast: r.member_id === null,
          unread: r.read_at === null,
        })),
        total,
        unreadCount: unread,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      };
    },

    /** The badge of the member centre's messages entry. */
    async unreadCount(merchant: Merchant, member: AuthenticatedMember): Promise<{ unreadCount: number }> {
      return { unreadCount: await repo.unread(merchant.id, member.memberId) };
    },

    /** One of the member's messages, in the reader's language (else the default text); another's is not found. */
    async detail(
      merchant: Merchant,
      member: AuthenticatedMember,
      id: bigint,
      language?: string,
    ): Promise<MessageDetail> {
      const r = await repo.find(merchant.id, member.memberId, id);
      if (!r) throw new AppError('message_not_found');
      return {
        id: String(r.id),
        ...translated(r, language),
        sentAt: r.created_at.getTime(),
        broadcast: r.member_id === null,
        unread: r.read_at === null,
      };
    },

    /** The member opened it: no longer unread (idempotent); the new unread count comes back for the badge. */
    async markRead(merchant: Merchant, member: AuthenticatedMember, id: bigint): Promise<{ unreadCount: number }> {
      if (!(await repo.find(merchant.id, member.memberId, id))) throw new AppError('message_not_found');
      await repo.markRead(member.memberId, id);
      const unreadCount = await repo.unread(merchant.id, member.memberId);
      deps.realtime?.messages(member.memberId, merchant.id, { unread: unreadCount }); // the member's other tabs
      return { unreadCount };
    },

    /**
     * The operator sends a message to one member (by account), to all, or to a segment (an agent's team and / or a
     * registration date range: its members now, written as recipients), audited in the same transaction.
     */
    async send(merchant: Merchant, adminId: bigint, req: MessageSendRequest, audit: AuditHook) {
      if (req.to === 'segment') return sendToSegment(merchant, adminId, req, audit);
      const to = req.to === 'member' ? await members.findByAccount(merchant.id, req.account) : null;
      if (req.to === 'member' && !to) throw new AppError('message_recipient_not_found');
      const account = to?.account ?? null;
      const sent = await db.transaction().execute(async (trx) => {
        const row = await repo.insert(trx, {
          merchant_id: merchant.id,
          member_id: to?.id ?? null,
          title: req.title,
          content: req.content,
          translations: storeTranslations(req.translations),
          created_by: adminId,
          created_at: clock(),
        });
        await audit(trx, row, account);
        return {
          id: String(row.id),
          account,
          title: row.title,
          content: row.content,
          translations: parseTranslations(row.translations),
          createdAt: row.created_at.toISOString(),
          segment: null,
          recipients: to ? 1 : null,
        };
      });
      // Committed: the member's badge, or every member's (each counts again: their read marks differ).
      if (to) pushUnread(merchant.id, to.id);
      else deps.realtime?.messages(null, merchant.id, { unread: null });
      return sent;
    },

    /**
     * The site's own notice to one member (no operator: created_by null), e.g. a login from a new device. On the
     * caller's transaction when given (written with what it tells of); the unread badge is pushed once committed.
     * `translations`: the same notice in the site's other languages (lib/translations.ts inEveryLanguage), so the
     * member reads it in the language the site shows.
     */
    async notify(
      merchantId: bigint,
      memberId: bigint,
      m: { title: string; content: string; translations?: TranslationsJson },
      executor?: AnyDb,
    ): Promise<void> {
      const exec = executor ? tablesOf<MessagesTables>(executor) : db;
      await repo.insert(exec, {
        merchant_id: merchantId,
        member_id: memberId,
        title: m.title,
        content: m.content,
        translations: JSON.stringify(m.translations ?? {}),
        created_by: null,
        created_at: clock(),
      });
      if (executor) await afterCommit(executor, () => pushUnread(merchantId, memberId));
      else pushUnread(merchantId, memberId);
    },

    /** What the merchant's operators sent, newest first (the recipient's account, or null for everyone). */
    async adminList(merchant: Merchant, q: ListQuery) {
      const { rows, total } = await repo.adminPage(merchant.id, paging(q));
      const accounts = new Map<bigint, string>();
      for (const id of new Set(rows.flatMap((r) => (r.member_id === null ? [] : [r.member_id])))) {
        const m = await members.findById(merchant.id, id);
        if (m) accounts.set(id, m.account);
      }
      return {
        list: rows.map((r) => ({
          id: String(r.id),
          account: r.member_id === null ? null : (accounts.get(r.member_id) ?? String(r.member_id)),
          title: r.title,
          content: r.content,
          translations: parseTranslations(r.translations),
          createdAt: r.created_at.toISOString(),
          segment: r.segment ? segmentOf(r.segment) : null,
          recipients: r.segment ? r.segment.recipients : r.member_id === null ? null : 1,
        })),
        total,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      };
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;

/** A segment's criteria as shown (only those given). */
function segmentOf(s: { agentAccount?: string; registeredFrom?: string; registeredTo?: string }): MessageSegment {
  return {
    ...(s.agentAccount && { agentAccount: s.agentAccount }),
    ...(s.registeredFrom && { registeredFrom: s.registeredFrom }),
    ...(s.registeredTo && { registeredTo: s.registeredTo }),
  };
}
