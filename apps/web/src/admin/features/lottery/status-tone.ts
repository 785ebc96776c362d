import type { Tone } from '../../components/Badge.tsx';

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
