import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * "Something cached changed" between processes over Redis pub/sub: `publish(topic)` after a write; every other
 * process's `on(topic)` handler runs at once (the caches' short TTL stays as the safety net while Redis is down).
 */
export interface CacheBus {
  publish(topic: string): void;
  on(topic: string, handler: () => void): void;
  close(): void;
}

export function createRedisCacheBus(redis: Redis, channel: string): CacheBus {
  const self = randomUUID();
  const handlers = new Map<string, Array<() => void>>();
  const sub = redis.duplicate({ enableOfflineQueue: true });
  sub.on('error', () => undefined); // reconnects on its own; the TTL covers the gap
  void sub.subscribe(channel).catch(() => undefined);
  sub.on('message', (_channel: string, message: string) => {
    const [from, topic] = message.split(' ', 2);
    if (from === self || !topic) return;
    for (const h of handlers.get(topic) ?? []) h();
  });
  return {
    publish(topic) {
      void redis.publish(channel, `${self} ${topic}`).catch(() => undefined);
    },
    on(topic, handler) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
    },
    close() {
      sub.disconnect();
    },
  };
}
