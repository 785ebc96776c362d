import { createHash } from 'node:crypto';
import {
  type AdminChatMessage,
  type AdminChatSanction,
  type AdminChatSanctionRequest,
  CHAT_LOBBY,
  type ChatMessage,
  type ChatPostRequest,
  type ChatRoomInfo,
  type ChatStanding,
} from '@sea/contracts';
import type { AnyDb } from '../../db/schema.ts';
import type { AuthenticatedAdmin, AuthenticatedMember, Merchant } from '../../http/principals.ts';
import type { CacheBus } from '../../lib/cache-bus.ts';
import { AppError } from '../../lib/errors.ts';
import type { StageTrace } from '../../lib/stage-trace.ts';
import type { WindowLimiter } from '../../lib/window-limiter.ts';
import type { AdminModule } from '../admin/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { RealtimeModule } from '../realtime/index.ts';
import { blockedWordMasker, filterMessage } from './chat.filter.ts';
import type { ChatMessageRow, ChatRepository, ChatSanctionRow } from './chat.repository.ts';
import type { ChatWriter } from './chat.writer.ts';

/** Posting limits per member (counted before any database work): a burst, and a minute's worth. */
export const CHAT_BURST = { limit: 3, windowMs: 3_000 };
export const CHAT_PER_MINUTE = { limit: 20, windowMs: 60_000 };
/** Messages older than this are deleted by the chat-prune job. */
export const CHAT_RETENTION_DAYS = 7;
/** How long a process may use a merchant's rooms and blocked words (changes also travel on the cache bus). */
const CACHE_MS = 30_000;
/** How long, and for how many members, a process keeps the names members post under. */
const NAME_CACHE_MS = 300_000;
const NAME_CACHE_MAX = 50_000;
/** A shared slip card's JSON may not be larger than this (the selections are the engine's; it checks them). */
const SLIP_MAX_JSON = 4_000;

export interface ChatDeps {
  repo: ChatRepository;
  /** Stores posts (group commit; chat.writer.ts). */
  writer: ChatWriter;
  db: AnyDb;
  members: Pick<MembersModule, 'findById' | 'findByAccount' | 'accountsOf'>;
  realtime: Pick<RealtimeModule, 'chatMessage' | 'chatDeleted' | 'chatStanding'>;
  audit: Pick<AdminModule, 'recordAction'>;
  /** The merchant's lottery games (one room each). */
  lotteryRooms: (merchantId: bigint) => Promise<ChatRoomInfo[]>;
  maskName: (account: string) => string;
  limiter: WindowLimiter;
  bus?: CacheBus;
  clock: () => Date;
}

const FREE: ChatStanding = { canPost: true, reason: null, mutedUntil: null };

function cached<T>(ms: number, load: (merchantId: bigint) => Promise<T>) {
  const entries = new Map<bigint, { at: number; value: Promise<T> }>();
  return {
    get(merchantId: bigint): Promise<T> {
      const hit = entries.get(merchantId);
      if (hit && Date.now() - hit.at < ms) return hit.value;
      const value = load(merchantId);
      value.catch(() => entries.delete(merchantId));
      entries.set(merchantId, { at: Date.now(), value });
      return value;
    },
    forget: () => entries.clear(),
  };
}

/**
 * The name a member posts under: the site's mask ("ab***f") and a stable short tag of the member ("ab***f#k3q9").
 * Masks collide (every "ab…f" account looks alike); the tag tells two such members apart and stays the same on every
 * post, without showing the account or the member's id (a hash, so neither can be read back from it). Four base-36
 * characters: two members sharing a mask share a tag about once in 1.7 million.
 */
export function chatName(masked: string, merchantId: bigint, memberId: bigint): string {
  const digest = createHash('sha256').update(`chat-name:${merchantId}:${memberId}`).digest();
  const tag = (digest.readUInt32BE(0) % 36 ** 4).toString(36).padStart(4, '0');
  return `${masked}#${tag}`;
}

/**
 * The chat room's rules. A post is checked in order of cost: shape (zod, before this), trial account, the rate
 * limits, the room, then filtered and stored — with the member's sanction read by the storing statement itself, so
 * a mute or ban applies at once on every process — and pushed to the room's sockets wherever they are (the
 * realtime adapter) once committed.
 */
export function createChatService(deps: ChatDeps) {
  const { repo, clock } = deps;
  const rooms = cached(CACHE_MS, async (merchantId): Promise<ChatRoomInfo[]> => [
    { code: CHAT_LOBBY, name: 'Lobby' },
    ...(await deps.lotteryRooms(merchantId)),
  ]);
  const words = cached(CACHE_MS, async (merchantId) => blockedWordMasker(await repo.blockedWords(merchantId)));
  // The name a member posts under, by member (an account does not change while its member can sign in).
  const names = new Map<string, { at: number; name: string }>();
  const nameOf = async (merchantId: bigint, memberId: bigint): Promise<string> => {
    const key = `${merchantId}:${memberId}`;
    const hit = names.get(key);
    if (hit && Date.now() - hit.at < NAME_CACHE_MS) return hit.name;
    const sender = await deps.members.findById(merchantId, memberId);
    if (!sender) throw new AppError('unauthorized');
    const name = chatName(deps.maskName(sender.account), merchantId, memberId);
    if (names.size >= NAME_CACHE_MAX) names.clear();
    names.set(key, { at: Date.now(), name });
    return name;
  };
  deps.bus?.on('chat-words', words.forget);

  const standingOf = (row: ChatSanctionRow | undefined, now: Date): ChatStanding => {
    if (row?.banned) return { canPost: false, reason: 'banned', mutedUntil: null };
    if (row?.muted_until && row.muted_until > now)
      return { canPost: false, reason: 'muted', mutedUntil: row.muted_until.toISOString() };
    return FREE;
  };
  const requireRoom = async (merchantId: bigint, room: string) => {
    if (!(await rooms.get(merchantId)).some((r) => r.code === room)) throw new AppError('chat_room_not_found');
  };
  const present = (r: ChatMessageRow, me?: bigint): ChatMessage => ({
    id: String(r.id),
    room: r.room,
    name: r.display_name,
    mine: me !== undefined && r.member_id === me,
    text: r.text,
    slip: r.slip,
    createdAt: r.created_at.toISOString(),
  });
  const memberByAccount = async (merchant: Merchant, account: string) => {
    const m = await deps.members.findByAccount(merchant.id, account);
    if (!m) throw new AppError('member_not_found');
    return m;
  };
  const audit = (
    merchant: Merchant,
    admin: AuthenticatedAdmin,
    ip: string,
    action: string,
    detail: Record<string, unknown>,
  ) =>
    deps.db.transaction().execute((trx) =>
      deps.audit.recordAction(trx, {
        merchantId: merchant.id,
        adminId: admin.id,
        action,
        targetType: 'chat',
        targetId: 'chat',
        detail,
        ip,
      }),
    );

  return {
    /** realtime's gate for `chatJoin`: the room exists and the member is not banned. */
    async canJoin(merchantId: bigint, memberId: bigint, room: string): Promise<boolean> {
      if (!(await rooms.get(merchantId)).some((r) => r.code === room)) return false;
      return !(await repo.sanction(merchantId, memberId))?.banned;
    },

    async rooms(merchant: Merchant, member: AuthenticatedMember) {
      const standing = member.isTrial
        ? ({ canPost: false, reason: 'trial', mutedUntil: null } satisfies ChatStanding)
        : standingOf(await repo.sanction(merchant.id, member.memberId), clock());
      return { rooms: await rooms.get(merchant.id), standing };
    },

    /** The room's last 100 messages, oldest first (a banned member reads nothing). */
    async history(merchant: Merchant, member: AuthenticatedMember, room: string) {
      await requireRoom(merchant.id, room);
      if ((await repo.sanction(merchant.id, member.memberId))?.banned) throw new AppError('chat_banned');
      const rows = await repo.recent(merchant.id, room);
      return { room, messages: rows.reverse().map((r) => present(r, member.memberId)) };
    },

    /** `trace`: the stages' timings for a profiler (lib/stage-trace.ts), when one listens. */
    async post(
      merchant: Merchant,
      member: AuthenticatedMember,
      room: string,
      req: ChatPostRequest,
      trace?: StageTrace,
    ) {
      trace?.mark('auth, parse');
      if (member.isTrial) throw new AppError('chat_trial_read_only');
      // Both windows at once (one round trip to Redis); a refused burst counts towards the minute too.
      const hits = await Promise.all(
        (
          [
            ['s', CHAT_BURST],
            ['m', CHAT_PER_MINUTE],
          ] as const
        ).map(([name, rule]) =>
          deps.limiter.hit(`chat:${name}:${merchant.id}:${member.memberId}`, rule.limit, rule.windowMs),
        ),
      );
      const refused = hits.find((h) => !h.allowed);
      if (refused) throw new AppError('too_many_requests', undefined, { retryAfterSeconds: refused.retryAfterSeconds });
      trace?.mark('rate limits');
      await requireRoom(merchant.id, room);
      if (req.slip) {
        if (JSON.stringify(req.slip).length > SLIP_MAX_JSON)
          throw new AppError('validation_failed', 'This slip is too large to share.');
        if (!(await rooms.get(merchant.id)).some((r) => r.code === req.slip!.gameCode))
          throw new AppError('chat_room_not_found', 'No such lottery game.');
      }
      const text = filterMessage(req.text ?? '', await words.get(merchant.id));
      if (!text && !req.slip) throw new AppError('validation_failed', 'Write a message or share a slip.');
      trace?.mark('room, filter');
      const message = {
        merchant_id: merchant.id,
        room,
        member_id: member.memberId,
        display_name: await nameOf(merchant.id, member.memberId),
        text,
        slip: req.slip ? JSON.stringify(req.slip) : null,
      };
      trace?.mark('sender name');
      // Stored with the sanction read in the same statement (a mute or ban committed on any process applies at once);
      // a refusal reads the sanction for its reason. Tried again once should the sanction have been lifted between.
      for (let attempt = 0; ; attempt++) {
        const now = clock();
        const row = await deps.writer.write({ ...message, created_at: now });
        trace?.mark('insert (group commit)');
        if (row) {
          deps.realtime.chatMessage(merchant.id, present(row));
          trace?.mark('emit');
          trace?.end();
          return present(row, member.memberId);
        }
        const standing = standingOf(await repo.sanction(merchant.id, member.memberId), now);
        if (standing.reason === 'banned') throw new AppError('chat_banned');
        if (standing.reason === 'muted' || attempt > 0)
          throw new AppError('chat_muted', undefined, { mutedUntil: standing.mutedUntil });
      }
    },

    /** The chat-prune job: messages past the retention period go, in batches. */
    async prune(retentionDays = CHAT_RETENTION_DAYS): Promise<number> {
      const before = new Date(clock().getTime() - retentionDays * 86_400_000);
      let total = 0;
      for (;;) {
        const n = await repo.prune(before, 5_000);
        total += n;
        if (n < 5_000) return total;
      }
    },

    // Back office.
    adminRooms: (merchant: Merchant) => rooms.get(merchant.id),

    async adminRoom(merchant: Merchant, room: string) {
      await requireRoom(merchant.id, room);
      const rows = (await repo.recent(merchant.id, room, true)).reverse();
      const accounts = await deps.members.accountsOf(merchant.id, [...new Set(rows.map((r) => r.member_id))]);
      return {
        room,
        messages: rows.map((r): AdminChatMessage => ({
          ...present(r),
          account: accounts.get(r.member_id) ?? String(r.member_id),
          deleted: r.deleted_at !== null,
          deletedBy: r.deleted_by,
        })),
      };
    },

    async deleteMessage(merchant: Merchant, admin: AuthenticatedAdmin, id: bigint, ip: string) {
      const row = await repo.markDeleted(merchant.id, id, admin.username, clock());
      if (!row) {
        if (!(await repo.byId(merchant.id, id))) throw new AppError('chat_message_not_found');
        return; // deleted already: nothing more to do
      }
      deps.realtime.chatDeleted(merchant.id, { room: row.room, ids: [String(row.id)] });
      await audit(merchant, admin, ip, 'chat.delete', { id: String(row.id), room: row.room });
    },

    async sanction(merchant: Merchant, admin: AuthenticatedAdmin, req: AdminChatSanctionRequest, ip: string) {
      if (req.kind === 'mute' && !req.minutes) throw new AppError('validation_failed', 'Give the mute length.');
      const member = await memberByAccount(merchant, req.account);
      const now = clock();
      const row = await repo.setSanction({
        merchant_id: merchant.id,
        member_id: member.id,
        muted_until: req.kind === 'mute' ? new Date(now.getTime() + req.minutes! * 60_000) : null,
        banned: req.kind === 'ban',
        reason: req.reason || null,
        updated_by: admin.username,
        updated_at: now,
      });
      deps.realtime.chatStanding(member.id, standingOf(row, now));
      await audit(merchant, admin, ip, `chat.${req.kind}`, { account: member.account, minutes: req.minutes ?? null });
      return presentSanction(row, member.account);
    },

    async sanctions(merchant: Merchant) {
      const rows = await repo.activeSanctions(merchant.id, clock());
      const accounts = await deps.members.accountsOf(
        merchant.id,
        rows.map((r) => r.member_id),
      );
      return { items: rows.map((r) => presentSanction(r, accounts.get(r.member_id) ?? String(r.member_id))) };
    },

    async blockedWords(merchant: Merchant) {
      return { words: await repo.blockedWords(merchant.id) };
    },

    async setBlockedWords(merchant: Merchant, admin: AuthenticatedAdmin, list: string[], ip: string) {
      const unique = [...new Set(list.map((w) => w.trim().normalize('NFC').toLowerCase()).filter(Boolean))];
      await repo.replaceBlockedWords(merchant.id, unique);
      words.forget();
      deps.bus?.publish('chat-words');
      await audit(merchant, admin, ip, 'chat.words', { count: unique.length });
      return { words: unique.sort() };
    },
  };
}

const presentSanction = (r: ChatSanctionRow, account: string): AdminChatSanction => ({
  account,
  mutedUntil: r.muted_until?.toISOString() ?? null,
  banned: r.banned,
  reason: r.reason,
  updatedBy: r.updated_by,
  updatedAt: r.updated_at.toISOString(),
});

export type ChatService = ReturnType<typeof createChatService>;
