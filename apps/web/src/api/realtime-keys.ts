import type { QueryClient } from '@tanstack/react-query';

/**
 * The query keys the pushed events drive, spelled here (the same values as api/wallet.ts WALLET_KEY, api/messages.ts
 * MESSAGES_KEY, api/agents.ts CONTRACT_KEY, api/lottery.ts LOTTERY_KEY / LOTTERY_BETS_KEY) so the realtime chunk and
 * the polling fallback import none of those areas' code.
 */
export const CONTRACTS_PREFIX = ['contracts'] as const;
export const LOTTERY_PREFIX = 'lottery';
export const LOTTERY_BETS_PREFIX = ['lotteryBets'] as const;

/** While the socket is down the events' queries are read again after 10 s, 20 s, 40 s … at most every 2 minutes. */
export const FALLBACK_FIRST_MS = 10_000;
export const FALLBACK_MAX_MS = 120_000;

/** What the polling fallback reads while the socket is down (and everything reads once it is back). */
export const POLLED_WHILE_DOWN = [
  ['wallet', 'balance'],
  ['messages', 'unread'],
  ['contracts', 'pending'],
  ['chat', 'history'],
] as const;

/** Everything the events drive, read again over HTTP (after a reconnect, and by the polling fallback): active only. */
export function refetchPolled(qc: QueryClient) {
  return Promise.all(POLLED_WHILE_DOWN.map((queryKey) => qc.invalidateQueries({ queryKey })));
}
