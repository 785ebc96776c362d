import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { HOUSE_SESSION_HEADER } from '@sea/contracts';
import { defineAdminRoute } from '../../http/route.ts';
import type { Merchant } from '../../http/principals.ts';
import type { AdminModule } from '../admin/index.ts';

/**
 * The pieces our own shared-round table games (baccarat tables, sabong arenas — issue 27) have in common: the
 * wallet's batches, the dealer's "open the next round under its settings" transaction, the game page's session
 * header, and the back office's audited list / settings / open / close routes.
 */

/** How many wallet calls of one round run at once. */
export const WALLET_CONCURRENCY = 8;

/** Runs `fn` over `items`, `size` at a time. */
export async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

/** Thrown inside the transaction that opens a round when another dealer opened it first: rolls it back. */
export class NotOpened extends Error {}

/** The opening transaction's round, or undefined when it threw NotOpened (rolled back: nothing applied). */
export const unlessNotOpened = <T>(work: Promise<T>): Promise<T | undefined> =>
  work.catch((e: unknown) => {
    if (e instanceof NotOpened) return undefined;
    throw e;
  });

/** The game page's session token (the X-Game-Session header). */
export const gameSessionToken = (request: FastifyRequest) => {
  const h = request.headers[HOUSE_SESSION_HEADER];
  return Array.isArray(h) ? h[0] : h;
};

/** Who did it, for the audit log. */
export interface TableActor {
  adminId: bigint;
  ip: string;
}

/** An audit record of a back-office action on a table, arena, round or fight (target type: the action's prefix). */
export const tableAuditor =
  (audit: Pick<AdminModule, 'recordAction'>) =>
  (merchant: Merchant, who: TableActor, action: string, target: string, detail: Record<string, unknown>) =>
    audit.recordAction(undefined, {
      merchantId: merchant.id,
      adminId: who.adminId,
      action,
      targetType: action.split('.')[0],
      targetId: target,
      detail,
      ip: who.ip,
    });

/**
 * Opens or closes a table (closing lets its round in play finish; the dealer opens no next one): the status set and
 * audited when it changes, then the table's followers told (their screens re-read it).
 */
export async function setTableOpen<Row extends { status: 'open' | 'closed' }, Round>(s: {
  open: boolean;
  find: () => Promise<Row>;
  setStatus: (status: 'open' | 'closed') => Promise<unknown>;
  audit: (action: 'open' | 'close') => Promise<unknown>;
  currentRound: (row: Row) => Promise<Round | undefined>;
  changed: (row: Row, round: Round) => void;
}): Promise<Row> {
  const before = await s.find();
  const status = s.open ? 'open' : 'closed';
  if (before.status !== status) {
    await s.setStatus(status);
    await s.audit(s.open ? 'open' : 'close');
  }
  const row = await s.find();
  const round = await s.currentRound(row);
  if (round) s.changed(row, round);
  return row;
}

/**
 * The back office's routes of one kind of table: GET `collection` (games.view), PUT `collection/:code/settings` and
 * POST `collection/:code/open|close` (games.manage; audited by the handlers).
 */
export function registerTableAdminRoutes<S, Item, List>(
  app: FastifyInstance,
  spec: {
    /** e.g. '/admin/api/baccarat/tables' */
    collection: string;
    /** 'table' or 'arena' (the summaries) */
    noun: string;
    /** 'round' or 'fight' */
    round: string;
    params: ZodType<{ code: string }>;
    list: ZodType<List>;
    item: ZodType<Item>;
    settings: ZodType<S>;
    onList: (merchant: Merchant) => Promise<List>;
    onSave: (merchant: Merchant, who: TableActor, code: string, settings: S) => Promise<Item>;
    onOpen: (merchant: Merchant, who: TableActor, code: string, open: boolean) => Promise<Item>;
  },
): void {
  const tags = ['admin: games'];
  const who = (c: { admin: { id: bigint }; ip: string }) => ({ adminId: c.admin.id, ip: c.ip });
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: spec.collection,
      permission: 'games.view',
      summary: `Every ${spec.noun}: open or closed, the ${spec.round} in play and its phase, settings (pending too)`,
      tags,
      response: spec.list,
    },
    ({ merchant, reply }) => {
      reply.header('cache-control', 'no-store');
      return spec.onList(merchant);
    },
  );
  defineAdminRoute(
    app,
    {
      method: 'PUT',
      url: `${spec.collection}/:code/settings`,
      permission: 'games.manage',
      summary: `A ${spec.noun}’s settings: applied from the next ${spec.round} (audited)`,
      tags,
      params: spec.params,
      body: spec.settings,
      response: spec.item,
    },
    (c) => spec.onSave(c.merchant, who(c), c.params.code, c.body),
  );
  for (const action of ['open', 'close'] as const)
    defineAdminRoute(
      app,
      {
        method: 'POST',
        url: `${spec.collection}/:code/${action}`,
        permission: 'games.manage',
        summary:
          action === 'open'
            ? `Open a ${spec.noun}: its next ${spec.round} opens on the dealer’s next pass (audited)`
            : `Close a ${spec.noun} after the ${spec.round} in play: nothing is cut, no next one opens (audited)`,
        tags,
        params: spec.params,
        response: spec.item,
      },
      (c) => spec.onOpen(c.merchant, who(c), c.params.code, action === 'open'),
    );
}
