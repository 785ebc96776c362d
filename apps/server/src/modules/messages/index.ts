import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { AdminModule } from '../admin/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { ResponsibleGamingModule } from '../responsible-gaming/index.ts';
import type { RealtimeModule } from '../realtime/index.ts';
import { createMessagesRepository } from './messages.repository.ts';
import { registerMessagesRoutes } from './messages.routes.ts';
import { createMessagesService } from './messages.service.ts';
import type { MessagesTables } from './messages.tables.ts';
import { anonymiseMessages } from './messages-anonymise.repository.ts';

/**
 * Member messages (the member centre's messageV2 inbox): the operator sends one to a member or to every member of
 * the merchant (admin API, audited); the member lists its own and the broadcasts, opens one, and its read marks
 * give the unread badge.
 */
export function createMessagesModule(deps: {
  db: AnyDb;
  members: Pick<MembersModule, 'findByAccount' | 'findById' | 'segmentSubquery'>;
  audit: Pick<AdminModule, 'recordAction'>;
  /** Pushes unread counts to the member's sockets. */
  realtime?: Pick<RealtimeModule, 'messages'>;
  /** Responsible gaming: members on a time-out or self-exclusion get no segment (marketing) messages. */
  rg?: Pick<ResponsibleGamingModule, 'blockedSubquery'>;
  clock: () => Date;
}) {
  const db = tablesOf<MessagesTables>(deps.db);
  const service = createMessagesService({
    db,
    repo: createMessagesRepository(db),
    members: deps.members,
    rg: deps.rg,
    realtime: deps.realtime,
    clock: deps.clock,
  });
  return {
    ...service,
    /** The retention anonymisation (profile module, issue 25): the bodies of messages sent to the member alone, on the caller's transaction; rows changed. */
    anonymiseMember: (trx: AnyDb, merchantId: bigint, memberId: bigint) => anonymiseMessages(trx, merchantId, memberId),
    register(app: FastifyInstance): void {
      registerMessagesRoutes(app, service, deps.audit);
    },
  };
}

export type MessagesModule = ReturnType<typeof createMessagesModule>;
