/**
 * The ledger's public shape. Every balance change in the platform is one `post()` call: a balanced journal of
 * transfers (each debits one account and credits another by a positive amount of minor units), applied in one
 * database round trip by the SQL function `ledger_post_batch`, keyed by (merchant, scope, key).
 *
 * Accounts are named by code and created on first use inside the post (no set-up call needed):
 *   member:<memberId>:main               the member's main wallet (never below zero)
 *   member:<memberId>:vendor:<VENDOR>    the member's transfer-wallet sub-wallet for a vendor (never below zero)
 *   sys:<name>:<shard>                   merchant system accounts (may go negative), sharded so bets do not queue
 *                                        on one row; use `systemAccount(name, seed)` to pick the shard.
 * Balance of every account = credits_posted − debits_posted. Σ of all balances in a merchant is always 0.
 * Available (what a member can spend) = balance − debits_pending.
 */
export type Minor = bigint;

export type SystemAccountName =
  | 'house' // game results (bets in, wins out)
  | 'provider_clearing' // seamless/transfer vendors
  | 'payment_clearing' // money entering/leaving through payment gateways and bank transfers
  | 'promotions' // bonuses paid
  | 'agent_payouts' // wages, dividends, rebates
  | 'adjustments'; // manual corrections by operators

export interface Leg {
  /** Account code debited (money leaves it). */
  debit: string;
  /** Account code credited (money arrives). */
  credit: string;
  /** Minor units, > 0. */
  amount: Minor;
  /** Reason shown in histories: deposit, withdrawal, transfer_in, transfer_out, bet, win, adjustment, ... */
  code: string;
  /** A hold: reserves `amount` (counts against the debit account's available balance) until resolved. */
  pending?: boolean;
}

export interface Resolution {
  /** The transfer id of an earlier pending leg. */
  pendingId: bigint;
  /** post: the held amount (or `amount` ≤ it; the rest is released) moves for good; void: the hold is released. */
  action: 'post' | 'void';
  amount?: Minor;
}

export interface PostRequest {
  merchantId: bigint;
  /** Merchant currency (all accounts of a merchant share it). */
  currency: string;
  /** Idempotency namespace: 'deposit', 'withdrawal', 'wallet_transfer', 'admin_adjustment', 'vendor:<CODE>', ... */
  scope: string;
  /** Idempotency key, unique within (merchant, scope). A replay returns the first result; other content → conflict. */
  key: string;
  /** Business operation kind (stored on the journal; histories filter on it). */
  kind: string;
  /** The member the journal is about (histories are per member). */
  memberId?: bigint | null;
  /** Free references (deposit id, withdrawal id, counterparty account, vendor, round...), stored as JSON. */
  ref?: Record<string, string | number | boolean | null>;
  legs?: Leg[];
  resolve?: Resolution[];
}

export type PostFailure =
  | 'insufficient_funds'
  | 'pending_not_found'
  | 'pending_already_resolved'
  | 'exceeds_pending_amount'
  | 'account_mismatch'
  /** A leg touches an account of a closed member (migration 0150). */
  | 'account_closed';

export interface AccountBalance {
  /** credits_posted − debits_posted */
  balance: Minor;
  /** balance − debits_pending */
  available: Minor;
}

export type PostResult =
  | {
      ok: true;
      journalId: bigint;
      /** Ids of the transfers written, in leg order then resolution order (pending legs: keep the id to resolve it). */
      transferIds: bigint[];
      /** true when this call replayed an earlier identical request (nothing moved this time). */
      replay: boolean;
      /** Balances after the post of every account the journal touched, by code. */
      balances: Record<string, AccountBalance>;
    }
  | {
      ok: false;
      journalId: bigint;
      /** Final for this key: a retry with the same key returns the same failure (use a new key to try again). */
      error: PostFailure;
      replay: boolean;
    };
