import type { FastifyInstance } from 'fastify';
import type { AuthModule } from '../auth/index.ts';
import type { LedgerModule } from '../ledger/index.ts';
import { createRealtimeService, type RealtimeDeps } from './realtime.service.ts';

export type { ChatGate, GameSessionCheck, RealtimeOptions } from './realtime.service.ts';

/**
 * Pushed events (socket.io on the API's port, path /socket.io; docs/realtime.md): members' sockets authenticated
 * with their session, `balance` after every committed journal touching the member (the ledger's after-commit
 * listener), and the emits other modules' events call (messages, contract offers, lottery draws, maintenance,
 * reward badges).
 * With Redis (REDIS_URL) the adapter delivers an emit to whichever process holds the socket. No tables.
 */
export function createRealtimeModule(
  deps: RealtimeDeps & {
    auth: Pick<AuthModule, 'checkSession' | 'onSessionsEnded'>;
    ledger: Pick<LedgerModule, 'onCommitted'>;
  },
) {
  const service = createRealtimeService(deps);
  deps.ledger.onCommitted(service.journalsCommitted);
  deps.auth.onSessionsEnded(service.sessionsEnded);
  return {
    messages: service.messages,
    contractOffer: service.contractOffer,
    lotteryDrawn: service.lotteryDrawn,
    maintenance: service.maintenance,
    setChatGate: service.setChatGate,
    setGameSessionCheck: service.setGameSessionCheck,
    tableChanged: service.tableChanged,
    chatMessage: service.chatMessage,
    chatDeleted: service.chatDeleted,
    chatStanding: service.chatStanding,
    rewards: service.rewards,
    localCount: service.localCount,
    register(app: FastifyInstance): void {
      service.attach(app.server, app.log);
      // Before the HTTP server closes: open sockets would keep it from closing.
      app.addHook('preClose', () => service.close());
    },
  };
}

export type RealtimeModule = ReturnType<typeof createRealtimeModule>;
