import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { ScheduledJob } from '../../jobs/runner.ts';
import type { CacheBus } from '../../lib/cache-bus.ts';
import type { WindowLimiter } from '../../lib/window-limiter.ts';
import type { AdminModule } from '../admin/index.ts';
import type { RealtimeModule } from '../realtime/index.ts';
import { createChatRepository } from './chat.repository.ts';
import { registerChatRoutes } from './chat.routes.ts';
import { type ChatDeps, createChatService } from './chat.service.ts';
import { createChatWriter } from './chat.writer.ts';
import type { ChatTables } from './chat.tables.ts';
import { anonymiseChat } from './chat-anonymise.repository.ts';

export { CHAT_BURST, CHAT_PER_MINUTE, CHAT_RETENTION_DAYS } from './chat.service.ts';

/**
 * The chat room (spec §1, issue 24; docs/realtime.md): per merchant a lobby and one room per lottery game. Posts and
 * history over HTTP, new messages pushed to the room over the realtime socket (`chatJoin`); staff delete, mute and
 * ban from the back office, applied at once on every process (the sanction is read by the statement that stores each
 * post — posts are stored in groups, chat.writer.ts; deletions and the member's new standing travel through the
 * realtime adapter). The chat-prune job enforces the retention period.
 */
export function createChatModule(deps: {
  db: AnyDb;
  members: ChatDeps['members'];
  realtime: Pick<RealtimeModule, 'chatMessage' | 'chatDeleted' | 'chatStanding' | 'setChatGate'>;
  audit: Pick<AdminModule, 'recordAction'>;
  lotteryRooms: ChatDeps['lotteryRooms'];
  maskName: ChatDeps['maskName'];
  limiter: WindowLimiter;
  bus?: CacheBus;
  clock: () => Date;
  retentionDays?: number;
}) {
  const db = tablesOf<ChatTables>(deps.db);
  const repo = createChatRepository(db);
  const service = createChatService({ ...deps, repo, writer: createChatWriter(repo) });
  deps.realtime.setChatGate(service.canJoin);
  const jobs: ScheduledJob[] = [
    {
      name: 'chat-prune',
      everySeconds: 3600,
      async run() {
        const deleted = await service.prune(deps.retentionDays);
        return deleted ? { deleted } : null;
      },
    },
  ];
  return {
    ...service,
    /** The retention anonymisation (profile module, issue 25): the member's chat texts and shown name, on the caller's transaction; rows changed. */
    anonymiseMember: (trx: AnyDb, merchantId: bigint, memberId: bigint) => anonymiseChat(trx, merchantId, memberId),
    jobs,
    register(app: FastifyInstance): void {
      registerChatRoutes(app, service);
    },
  };
}

export type ChatModule = ReturnType<typeof createChatModule>;
