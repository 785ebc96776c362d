import type { Database } from '../../src/db/database.ts';

/** The same server, another database name. */
export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Connection used to create and drop test databases (the `postgres` maintenance database). */
export function adminUrl(url: string): string {
  return withDatabaseName(url, 'postgres');
}

export async function dropDatabase(admin: Database, name: string): Promise<void> {
  await admin.session((exec) => exec(`drop database if exists ${name} with (force)`));
}
