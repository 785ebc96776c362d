import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatRepository, type NewChatMessage } from '../src/modules/chat/chat.repository.ts';
import { createChatWriter } from '../src/modules/chat/chat.writer.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { newPlayer, type Player } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The chat's group commit (chat.writer.ts) on the real repository: posts of one turn share one statement, in order,
 * each checked against the sanctions inside it; a bad message fails alone; nothing is stored twice or lost.
 */
let t: TestApp;
let demo: Merchant;
let alice: Player;
let bob: Player;

beforeAll(async () => {
  t = await buildTestApp();
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  alice = await newPlayer(t, demo);
  bob = await newPlayer(t, demo);
});
afterAll(() => t.close());

/** The real repository, counting its statements. */
function countingRepo() {
  const repo = createChatRepository(t.database.all as never);
  const batches: number[] = [];
  return {
    batches,
    insertUnlessSanctioned(rows: NewChatMessage[]) {
      batches.push(rows.length);
      return repo.insertUnlessSanctioned(rows);
    },
  };
}

const message = (p: Player, text: string): NewChatMessage => ({
  merchant_id: demo.id,
  room: 'lobby',
  member_id: p.id,
  display_name: 'x***y#0000',
  text,
  slip: null,
  created_at: new Date(),
});

const stored = (texts: string[]) =>
  t.database.all
    .selectFrom('chat_messages')
    .select(['id', 'text', 'member_id'])
    .where('text', 'in', texts)
    .orderBy('id')
    .execute();

describe('chat group commit', () => {
  it('stores the posts of one turn with one statement, in order, each answered with its own row', async () => {
    const repo = countingRepo();
    const writer = createChatWriter(repo);
    const texts = Array.from({ length: 25 }, (_, i) => `together ${i}`);
    const rows = await Promise.all(texts.map((text, i) => writer.write(message(i % 2 ? bob : alice, text))));
    expect(repo.batches).toEqual([25]);
    expect(rows.map((r) => r?.text)).toEqual(texts);
    expect(rows.map((r) => r?.member_id)).toEqual(texts.map((_, i) => (i % 2 ? bob.id : alice.id)));
    const ids = rows.map((r) => r!.id);
    expect([...ids].sort((a, b) => (a < b ? -1 : 1))).toEqual(ids); // ids follow the order of the posts
    expect((await stored(texts)).map((r) => r.text)).toEqual(texts); // each once
  });

  it('posts arriving while a statement runs go together into the next; at most the batch size per statement', async () => {
    const repo = countingRepo();
    const writer = createChatWriter(repo, 10);
    const first = writer.write(message(alice, 'first alone'));
    await new Promise((r) => setImmediate(r)); // the first statement is under way
    const rest = Array.from({ length: 15 }, (_, i) => writer.write(message(bob, `queued ${i}`)));
    await Promise.all([first, ...rest]);
    expect(repo.batches).toEqual([1, 10, 5]);
    expect(await stored(['first alone', ...Array.from({ length: 15 }, (_, i) => `queued ${i}`)])).toHaveLength(16);
  });

  it('refuses a muted or banned member inside the statement (a mute committed before applies), others pass', async () => {
    const repo = countingRepo();
    const writer = createChatWriter(repo);
    const muted = await newPlayer(t, demo);
    const banned = await newPlayer(t, demo);
    const sanction = (p: Player, v: { muted_until: Date | null; banned: boolean }) =>
      createChatRepository(t.database.all as never).setSanction({
        merchant_id: demo.id,
        member_id: p.id,
        reason: null,
        updated_by: 'test',
        updated_at: new Date(),
        ...v,
      });
    await sanction(muted, { muted_until: new Date(Date.now() + 60_000), banned: false });
    await sanction(banned, { muted_until: null, banned: true });
    const rows = await Promise.all([
      writer.write(message(alice, 'free 1')),
      writer.write(message(muted, 'muted 1')),
      writer.write(message(banned, 'banned 1')),
      writer.write(message(bob, 'free 2')),
    ]);
    expect(repo.batches).toEqual([4]);
    expect(rows.map((r) => r?.text ?? null)).toEqual(['free 1', null, null, 'free 2']);
    expect((await stored(['free 1', 'muted 1', 'banned 1', 'free 2'])).map((r) => r.text)).toEqual([
      'free 1',
      'free 2',
    ]);
    // A mute that has run out no longer refuses.
    await sanction(muted, { muted_until: new Date(Date.now() - 1_000), banned: false });
    expect((await writer.write(message(muted, 'muted no more')))?.text).toBe('muted no more');
  });

  it('a message the database refuses fails alone: the rest of its batch is stored once', async () => {
    const repo = countingRepo();
    const writer = createChatWriter(repo);
    const results = await Promise.allSettled([
      writer.write(message(alice, 'before the bad one')),
      writer.write({ ...message(alice, 'bad room'), room: 'Not A Room!' }), // the table's check refuses it
      writer.write(message(bob, 'after the bad one')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(repo.batches).toEqual([3, 1, 1, 1]); // the batch, then one by one
    expect((await stored(['before the bad one', 'bad room', 'after the bad one'])).map((r) => r.text)).toEqual([
      'before the bad one',
      'after the bad one',
    ]);
  });
});
