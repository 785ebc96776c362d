import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { ScheduledJob } from '../../jobs/runner.ts';
import { createPlayEventsRepository } from './play-events.repository.ts';
import { createPlayEventsService } from './play-events.service.ts';
import type { PlayEventsTables } from './play-events.tables.ts';

export type { DrainReport, PlayEventSourceResolver } from './play-events.service.ts';
export { decodeEvent, encodeEvent } from './play-events.service.ts';

/** How often the queue is drained (seconds). */
export const PLAY_EVENTS_EVERY_SECONDS = 2;

/**
 * The durable play-event queue (lib/play-events.ts): producers (games: settled rounds; lottery: settled bets;
 * deposits: credited deposits; registration) publish in their own transaction; consumers (bonus wagering, and
 * the engagement features) register and are handed every event at least once, in commit order, by the
 * `play-events` job (consumers with `prepare`: one transaction per batch, a savepoint each); each counts an event
 * once with its applied ids in the transaction of its effect. No routes.
 */
export function createPlayEventsModule(deps: {
  db: AnyDb;
  batchSize?: number;
  maxBatchSize?: number;
  maxBatches?: number;
  log?: (obj: object, msg: string) => void;
}) {
  const repo = createPlayEventsRepository(tablesOf<PlayEventsTables>(deps.db));
  const service = createPlayEventsService({ ...deps, repo });
  const jobs: ScheduledJob[] = [
    {
      name: 'play-events',
      everySeconds: PLAY_EVENTS_EVERY_SECONDS,
      async run() {
        const reports = (await service.drain()).filter((r) => r.delivered > 0);
        return reports.length ? { reports } : null;
      },
    },
    {
      name: 'play-events-prune',
      everySeconds: 3600,
      async run() {
        const removed = await service.prune(7);
        return removed ? { removed } : null;
      },
    },
  ];
  return { ...service, jobs };
}

export type PlayEventsModule = ReturnType<typeof createPlayEventsModule>;
