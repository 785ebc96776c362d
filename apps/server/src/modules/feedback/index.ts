import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { WindowLimiter } from '../../lib/window-limiter.ts';
import type { AdminModule } from '../admin/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { MessagesModule } from '../messages/index.ts';
import { createFeedbackRepository } from './feedback.repository.ts';
import { registerFeedbackRoutes } from './feedback.routes.ts';
import { createFeedbackService } from './feedback.service.ts';
import type { FeedbackTables } from './feedback.tables.ts';
import { anonymiseFeedback } from './feedback-anonymise.repository.ts';

/**
 * Member feedback (spec §2 help / feedback, §7 PUT /wps/feedback): a member sends a question type, text and up to
 * 3 images; staff see the inbox (new / answered / closed), answer — the reply reaches the member as a message
 * through the messages face, whose pushed `messages` event updates the member's badge — or close it.
 */
export function createFeedbackModule(deps: {
  db: AnyDb;
  members: Pick<MembersModule, 'findById' | 'findByAccount' | 'accountsOf'>;
  messages: Pick<MessagesModule, 'send'>;
  audit: Pick<AdminModule, 'recordAction'>;
  limiter: WindowLimiter;
  clock: () => Date;
}) {
  const db = tablesOf<FeedbackTables>(deps.db);
  const service = createFeedbackService({ ...deps, db, repo: createFeedbackRepository(db) });
  return {
    ...service,
    /** The retention anonymisation (profile module, issue 25): the member's feedback texts and images, on the caller's transaction; rows changed. */
    anonymiseMember: (trx: AnyDb, merchantId: bigint, memberId: bigint) => anonymiseFeedback(trx, merchantId, memberId),
    register(app: FastifyInstance): void {
      registerFeedbackRoutes(app, service);
    },
  };
}

export type FeedbackModule = ReturnType<typeof createFeedbackModule>;
