import type { Tone } from '../../components/Badge.tsx';
import type { LotteryShortfall } from '@sea/contracts';

/** The colour of a draw's or a result entry's status (the text always says it). */
export function issueTone(status: string): Tone {
  switch (status) {
    case 'open':
      return 'info';
    case 'closed':
    case 'awaiting':
    case 'pending':
    case 'drawn':
      return 'warn';
    case 'settled':
    case 'confirmed':
    case 'collected':
      return 'good';
    case 'cancelled':
    case 'refunded':
    case 'discarded':
      return 'bad';
    default:
      return 'neutral';
  }
}

/**
 * The colour of a correction shortfall's status: money still to collect (open, partly collected) asks for
 * attention; a win owed to a closed account needs the operator to settle it outside the wallet.
 */
export function shortfallTone(status: LotteryShortfall['status']): Tone {
  switch (status) {
    case 'open':
    case 'partial':
      return 'warn';
    case 'collected':
      return 'good';
    case 'owed':
      return 'bad';
  }
}
