import type { Kysely } from 'kysely';
import type { KeysTables } from './keys.tables.ts';

export function createKeysRepository(db: Kysely<KeysTables>) {
  return {
    find: (id: string) => db.selectFrom('server_keys').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Inserts the key unless the id exists (processes starting together: the first insert wins). */
    async insertIfAbsent(k: { id: string; purpose: 'payload'; publicKey: string; privateKey: string }): Promise<void> {
      await db
        .insertInto('server_keys')
        .values({ id: k.id, purpose: k.purpose, public_key: k.publicKey, private_key: k.privateKey })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
  };
}
