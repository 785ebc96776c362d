import { isDatabaseUnavailable } from '../../db/outage.ts';
import type { ChatMessageRow, ChatRepository, NewChatMessage } from './chat.repository.ts';

/** The most messages one statement stores. */
const MAX_BATCH = 200;

interface Pending {
  row: NewChatMessage;
  resolve: (row: ChatMessageRow | undefined) => void;
  reject: (err: unknown) => void;
}

export type ChatWriter = ReturnType<typeof createChatWriter>;

/**
 * Group commit of the chat's posts: the posts of one turn of the event loop, and those arriving while a statement is
 * under way, are stored by the next statement together (one INSERT, one pool connection, one commit; the sanction
 * read inside it). Each post is answered — and may be pushed to the room — only after its statement committed, in
 * the order of the ids. When a batch fails for anything but an unreachable database, its messages are tried one by
 * one, so one bad message fails alone.
 */
export function createChatWriter(repo: Pick<ChatRepository, 'insertUnlessSanctioned'>, maxBatch = MAX_BATCH) {
  const queue: Pending[] = [];
  let flushing = false;

  async function store(batch: Pending[]): Promise<void> {
    try {
      const rows = await repo.insertUnlessSanctioned(batch.map((p) => p.row));
      batch.forEach((p, i) => p.resolve(rows[i]));
    } catch (err) {
      if (batch.length === 1 || isDatabaseUnavailable(err)) return batch.forEach((p) => p.reject(err));
      for (const p of batch) await store([p]);
    }
  }

  async function flush(): Promise<void> {
    try {
      while (queue.length) await store(queue.splice(0, maxBatch));
    } finally {
      flushing = false;
    }
  }

  return {
    /** Stores a message unless its sender is banned or muted: the stored row, or undefined when refused. */
    write(row: NewChatMessage): Promise<ChatMessageRow | undefined> {
      return new Promise((resolve, reject) => {
        queue.push({ row, resolve, reject });
        if (flushing) return;
        flushing = true;
        setImmediate(() => void flush());
      });
    },
  };
}
