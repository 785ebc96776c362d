import { createHash } from 'node:crypto';
import { afterCommit } from '../../db/after-commit.ts';
import type { AnyDb } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { createBatcher } from './ledger-batcher.ts';
import type { LedgerRepository } from './ledger.repository.ts';
import type {
  AccountBalance,
  Leg,
  PostFailure,
  PostRequest,
  PostResult,
  Resolution,
  SystemAccountName,
} from './ledger.types.ts';

export type { AccountBalance, Leg, PostRequest, PostResult, Resolution } from './ledger.types.ts';

/** System accounts are split in this many shards so that concurrent bets do not queue on one row. */
export const SYSTEM_SHARDS = 8;

export const memberMain = (memberId: bigint | number): string => `member:${memberId}:main`;
export const memberVendor = (memberId: bigint | number, vendorCode: string): string =>
  `member:${memberId}:vendor:${vendorCode}`;
/** The member's bonus money (modules/bonus): stakes spend it after main; never withdrawn (migration 0111). */
export const memberBonus = (memberId: bigint | number): string => `member:${memberId}:bonus`;
/** A shard of a merchant system account; `seed` (usually the member id) spreads load over the shards. */
export const systemAccount = (name: SystemAccountName, seed: bigint | number = 0): string =>
  `sys:${name}:${BigInt(seed) % BigInt(SYSTEM_SHARDS)}`;

const ACCOUNT_CODE = /^(member:\d+:(main|bonus|vendor:[A-Za-z0-9_]+)|sys:[a-z_]+(:[A-Za-z0-9_]+)*)$/;
const MAX_AMOUNT = 10n ** 17n;

interface RawResult {
  ok?: boolean;
  conflict?: boolean;
  journal_id: string;
  transfer_ids?: string[];
  balances?: Record<string, { balance: string; available: string }>;
  error?: PostFailure;
  replay?: boolean;
}

/** Programming errors (bad legs) are refused before anything is sent: they are bugs, not business outcomes. */
function validate(req: PostRequest): void {
  const legs = req.legs ?? [];
  const resolve = req.resolve ?? [];
  if (legs.length + resolve.length === 0) throw new Error('ledger: a journal needs at least one leg or resolution');
  if (!req.scope || !req.key || !req.kind) throw new Error('ledger: scope, key and kind are required');
  for (const l of legs) {
    if (!ACCOUNT_CODE.test(l.debit) || !ACCOUNT_CODE.test(l.credit))
      throw new Error(`ledger: bad account code ${l.debit} / ${l.credit}`);
    if (l.debit === l.credit) throw new Error('ledger: debit and credit accounts must differ');
    if (typeof l.amount !== 'bigint' || l.amount <= 0n || l.amount >= MAX_AMOUNT)
      throw new Error('ledger: amount must be a positive bigint');
    if (!l.code) throw new Error('ledger: leg code is required');
  }
  for (const r of resolve) {
    if (r.amount !== undefined && (typeof r.amount !== 'bigint' || r.amount <= 0n))
      throw new Error('ledger: resolution amount must be a positive bigint');
  }
}

/** The request as the SQL function receives it; the hash of its content (not the key) detects key reuse. */
function payload(req: PostRequest) {
  const content = {
    kind: req.kind,
    member_id: req.memberId === undefined || req.memberId === null ? null : String(req.memberId),
    ref: req.ref ?? {},
    legs: (req.legs ?? []).map((l: Leg) => ({
      debit: l.debit,
      credit: l.credit,
      amount: String(l.amount),
      code: l.code,
      pending: l.pending === true,
    })),
    resolve: (req.resolve ?? []).map((r: Resolution) => ({
      pending_id: String(r.pendingId),
      action: r.action,
      ...(r.amount !== undefined && { amount: String(r.amount) }),
    })),
  };
  const hash = createHash('sha256').update(JSON.stringify(content)).digest('hex');
  return {
    ...content,
    merchant_id: String(req.merchantId),
    currency: req.currency,
    scope: req.scope,
    key: req.key,
    hash,
  };
}

function toResult(raw: RawResult): PostResult {
  if (raw.ok) {
    const balances: Record<string, AccountBalance> = {};
    for (const [code, b] of Object.entries(raw.balances ?? {}))
      balances[code] = { balance: BigInt(b.balance), available: BigInt(b.available) };
    return {
      ok: true,
      journalId: BigInt(raw.journal_id),
      transferIds: (raw.transfer_ids ?? []).map((id) => BigInt(id)),
      replay: raw.replay === true,
      balances,
    };
  }
  return {
    ok: false,
    journalId: BigInt(raw.journal_id),
    error: raw.error ?? 'insufficient_funds',
    replay: raw.replay === true,
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;

export interface LedgerOptions {
  /**
   * Batches under way at once. Default 1 on both databases: PGlite runs one statement at a time, and on
   * PostgreSQL batches in flight together wait on each other's house-shard rows until commit — one batch of up to
   * `maxBatch` at a time was faster and had the lower p99 in every bench:ledger run (bench/README.md).
   */
  maxInFlight?: number;
  /** Posts per batch at most (default 256). */
  maxBatch?: number;
}

/**
 * Journals that committed and changed balances (replays and business failures excluded), in posting order, with
 * the new balances of the member accounts each one touched. Listeners run after COMMIT, never for a rolled-back
 * transaction, and must not throw or block (the realtime module pushes `balance` events from here).
 */
export interface CommittedJournal {
  merchantId: bigint;
  currency: string;
  journalId: bigint;
  balances: Record<string, AccountBalance>;
}
export type CommittedListener = (journals: CommittedJournal[]) => void;

export function createLedgerService(deps: { repo: LedgerRepository } & LedgerOptions) {
  const { repo } = deps;
  const listeners: CommittedListener[] = [];

  function committedOf(reqs: PostRequest[], raws: RawResult[]): CommittedJournal[] {
    const out: CommittedJournal[] = [];
    raws.forEach((raw, i) => {
      if (!raw.ok || raw.replay || !raw.balances || Object.keys(raw.balances).length === 0) return;
      const r = toResult(raw);
      if (r.ok)
        out.push({
          merchantId: reqs[i]!.merchantId,
          currency: reqs[i]!.currency,
          journalId: r.journalId,
          balances: r.balances,
        });
    });
    return out;
  }

  function notify(journals: CommittedJournal[]): void {
    if (journals.length === 0) return;
    for (const l of listeners) {
      try {
        l(journals);
      } catch {
        // A listener's failure never reaches the poster: the money moved.
      }
    }
  }

  /** After `executor`'s commit (at once when the post committed on its own). */
  async function announce(executor: AnyDb | undefined, reqs: PostRequest[], raws: RawResult[]): Promise<void> {
    if (listeners.length === 0) return;
    const journals = committedOf(reqs, raws);
    if (journals.length === 0) return;
    if (executor) await afterCommit(executor, () => notify(journals));
    else notify(journals);
  }
  const batcher = createBatcher<ReturnType<typeof payload>, RawResult>({
    run: (batch) => repo.postBatch<ReturnType<typeof payload>, RawResult>(undefined, batch),
    maxInFlight: deps.maxInFlight ?? 1,
    maxBatch: deps.maxBatch ?? 256,
  });

  /**
   * Apply one journal. Without `trx` it joins the next group commit; with `trx` it runs inside the caller's
   * transaction (and commits or rolls back with it).
   */
  async function post(req: PostRequest, trx?: AnyDb): Promise<PostResult> {
    validate(req);
    const p = payload(req);
    const raw = trx ? (await repo.postBatch<typeof p, RawResult>(trx, [p]))[0]! : await batcher.submit(p);
    if (raw.conflict) throw new AppError('idempotency_conflict');
    await announce(trx, [req], [raw]);
    return toResult(raw);
  }

  async function postOrThrow(req: PostRequest, trx?: AnyDb): Promise<Extract<PostResult, { ok: true }>> {
    const r = await post(req, trx);
    if (!r.ok)
      throw new AppError(r.error === 'insufficient_funds' || r.error === 'account_closed' ? r.error : 'state_invalid');
    return r;
  }

  /**
   * Many journals in ONE call of ledger_post_batch (set-based; no group commit), e.g. the payouts of a lottery draw:
   * on `trx` inside the caller's transaction, else in a transaction of its own. One result per request, in order,
   * each idempotent by its key (a replay answers the first result); a key reused with other content throws
   * idempotency_conflict and nothing of the call is kept.
   */
  async function postMany(reqs: PostRequest[], trx?: AnyDb): Promise<PostResult[]> {
    if (reqs.length === 0) return [];
    for (const r of reqs) validate(r);
    const ps = reqs.map(payload);
    // All or nothing: a conflict throws, and the transaction (the caller's, or this call's own) keeps nothing.
    const run = async (ex: AnyDb) => {
      const raws = await repo.postBatch<(typeof ps)[number], RawResult>(ex, ps);
      if (raws.some((r) => r.conflict)) throw new AppError('idempotency_conflict');
      return raws;
    };
    const raws = trx ? await run(trx) : await repo.transaction(run);
    await announce(trx, reqs, raws);
    return raws.map(toResult);
  }

  return {
    post,

    /** Listen to committed journals (see CommittedJournal); for pushed events, never for money decisions. */
    onCommitted(listener: CommittedListener): void {
      listeners.push(listener);
    },

    postMany,

    /** post(), with a business failure turned into an AppError (insufficient_funds, account_closed, else state_invalid). */
    postOrThrow,

    /**
     * One movement of `amount` from one account to another (a journal of one leg): every single-leg money
     * operation of the platform is written with this. `pending` makes it a hold (see settleHold).
     */
    move(op: Movement, trx?: AnyDb): Promise<PostResult> {
      return post(movementRequest(op), trx);
    },

    /** move(), throwing insufficient_funds / state_invalid on a business failure. */
    moveOrThrow(op: Movement, trx?: AnyDb): Promise<Extract<PostResult, { ok: true }>> {
      return postOrThrow(movementRequest(op), trx);
    },

    /** Resolves a hold made by move({pending: true}): 'post' moves it for good (all or `amount` of it), 'void' releases it. */
    settleHold(op: HoldSettlement, trx?: AnyDb): Promise<PostResult> {
      const resolution = {
        pendingId: op.holdId,
        action: op.action,
        ...(op.amount !== undefined && { amount: op.amount }),
      };
      return post({ ...journalOf(op), resolve: [resolution] }, trx);
    },

    balances: (merchantId: bigint, codes: string[], trx?: AnyDb) => repo.balances(merchantId, codes, trx),
    /** balances(), the rows locked in id order in `trx` (the caller posts next in it: nothing moves in between). */
    lockBalances: (merchantId: bigint, codes: string[], trx: AnyDb) => repo.lockBalances(merchantId, codes, trx),
    /** The legs of a posted journal by its idempotency scope and key (empty: none, or a failure). */
    legsOf: (merchantId: bigint, scope: string, key: string, trx?: AnyDb) => repo.legsOf(merchantId, scope, key, trx),
    /** legsOf() for many keys of one scope in one read (a key without a posted journal is absent). */
    legsOfMany: (merchantId: bigint, scope: string, keys: string[], trx?: AnyDb) =>
      repo.legsOfMany(merchantId, scope, keys, trx),
    memberAccounts: repo.memberAccounts,
  };
}

/** The journal identity and description every ledger helper takes. */
interface JournalOf {
  merchant: { id: bigint; currency: string };
  /** Idempotency namespace and key (a replay returns the first result; other content → idempotency_conflict). */
  scope: string;
  key: string;
  kind: string;
  memberId?: bigint | null;
  ref?: PostRequest['ref'];
}

export interface Movement extends JournalOf {
  /** Account codes: money leaves `from` and arrives in `to`. */
  from: string;
  to: string;
  amount: bigint;
  /** Transfer code shown in histories; the kind by default. */
  code?: string;
  pending?: boolean;
}

export interface HoldSettlement extends JournalOf {
  holdId: bigint;
  action: 'post' | 'void';
  amount?: bigint;
}

function journalOf(op: JournalOf): Omit<PostRequest, 'legs' | 'resolve'> {
  return {
    merchantId: op.merchant.id,
    currency: op.merchant.currency,
    scope: op.scope,
    key: op.key,
    kind: op.kind,
    memberId: op.memberId ?? null,
    ref: op.ref,
  };
}

function movementRequest(op: Movement): PostRequest {
  const leg = { debit: op.from, credit: op.to, amount: op.amount, code: op.code ?? op.kind, pending: op.pending };
  return { ...journalOf(op), legs: [leg] };
}
