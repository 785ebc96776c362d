import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { Mailer } from '../mail/index.ts';
import type { SmsProvider } from '../verification/index.ts';
import { createOutboxRepository } from './outbox.repository.ts';
import { registerOutboxRoutes } from './outbox.routes.ts';
import type { OutboxTables } from './outbox.tables.ts';

/**
 * The dev outbox: SMS and e-mail "sent" without a real gateway are kept in a table and shown on /dev/outbox
 * (never served in production).
 */
export function createOutboxModule(deps: { db: AnyDb; serveRoutes: boolean }) {
  const repo = createOutboxRepository(tablesOf<OutboxTables>(deps.db));
  const sms: SmsProvider = {
    name: 'outbox',
    send: (m) => repo.insert({ channel: 'sms', recipient: m.to, body: m.text }),
  };
  const mailer: Mailer = {
    name: 'outbox',
    send: (m) => repo.insert({ channel: 'email', recipient: m.to.toLowerCase(), body: `${m.subject}\n\n${m.text}` }),
  };
  return {
    sms,
    mailer,
    /** The newest message "sent" to a recipient (SMS: country code + number). */
    async latest(recipient: string): Promise<string | undefined> {
      return (await repo.list(recipient))[0]?.body;
    },
    register(app: FastifyInstance): void {
      if (deps.serveRoutes) registerOutboxRoutes(app, repo);
    },
  };
}

export type OutboxModule = ReturnType<typeof createOutboxModule>;
