import type { BalanceEvent } from '@sea/contracts';
import type { CommittedJournal } from '../ledger/index.ts';

const MEMBER_ACCOUNT = /^member:(\d+):(main|vendor:([A-Za-z0-9_]+))$/;

/**
 * The `balance` event of each member whose wallets the committed journals changed: the newest balance of every
 * wallet touched (journals come in posting order, so a later one overrides), `seq` = the newest journal id.
 */
export function balanceEventsOf(journals: CommittedJournal[]): Map<bigint, BalanceEvent> {
  const out = new Map<bigint, BalanceEvent>();
  for (const j of journals)
    for (const [code, b] of Object.entries(j.balances)) {
      const m = MEMBER_ACCOUNT.exec(code);
      if (!m) continue;
      const memberId = BigInt(m[1]!);
      const event = out.get(memberId) ?? { currency: j.currency, seq: String(j.journalId) };
      if (BigInt(event.seq) < j.journalId) event.seq = String(j.journalId);
      if (m[3])
        event.vendors = { ...event.vendors, [m[3]]: { balance: String(b.balance), available: String(b.available) } };
      else {
        event.main = String(b.balance);
        event.available = String(b.available);
      }
      out.set(memberId, event);
    }
  return out;
}
