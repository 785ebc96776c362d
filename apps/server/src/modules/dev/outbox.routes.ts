import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema.ts';

/**
 * Development only (never registered in production): the SMS and e-mails the outbox providers "sent",
 * newest first, so a person can finish an SMS login or a password reset without a real gateway.
 */
export function registerDevOutboxRoutes(app: FastifyInstance, db: Kysely<DB>): void {
  app.get(
    '/dev/outbox',
    { schema: { hide: true, querystring: z.object({ recipient: z.string().max(320).optional() }) } },
    async (request) => {
      const { recipient } = request.query as { recipient?: string };
      let q = db
        .selectFrom('dev_outbox')
        .select(['id', 'channel', 'recipient', 'body', 'created_at'])
        .orderBy('id', 'desc')
        .limit(50);
      if (recipient) q = q.where('recipient', '=', recipient.trim().replace(/^\+/, ''));
      const rows = await q.execute();
      return { messages: rows.map((r) => ({ ...r, id: String(r.id) })) };
    },
  );
}
