import type { Tone } from './Badge.tsx';

/** The colour of a payment status (the text always says it). */
export function statusTone(status: string): Tone {
  switch (status) {
    case 'pending':
    case 'requested':
    case 'disputed':
      return 'warn';
    case 'approved':
    case 'disbursed':
      return 'info';
    case 'success':
    case 'confirmed':
    case 'auto_confirmed':
    case 'resolved':
      return 'good';
    case 'rejected':
    case 'failed':
      return 'bad';
    default:
      return 'neutral';
  }
}
