import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OutboxRepository } from './outbox.repository.ts';

/**
 * Development only (never registered in production): the SMS and e-mails the outbox providers "sent",
 * newest first, so a person can finish an SMS login or a password reset without a real gateway.
 */
export function registerOutboxRoutes(app: FastifyInstance, repo: OutboxRepository): void {
  app.get(
    '/dev/outbox',
    { schema: { hide: true, querystring: z.object({ recipient: z.string().max(320).optional() }) } },
    async (request) => {
      const { recipient } = request.query as { recipient?: string };
      const rows = await repo.list(recipient?.trim().replace(/^\+/, ''));
      return { messages: rows.map((r) => ({ ...r, id: String(r.id) })) };
    },
  );
}
