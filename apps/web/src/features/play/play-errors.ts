import { ApiError } from '../../api/api-error.ts';

/** How a failed game call is shown: the key of its text and whether the game can go on. */
export interface PlayError {
  key: string;
  /** The session cannot continue (ended, maintenance, unknown game): the page shows it full screen. */
  fatal: boolean;
  /** The server's own words, when no text of ours says it better. */
  detail?: string;
}

export function playErrorOf(err: unknown): PlayError {
  if (!(err instanceof ApiError)) return { key: 'errors.generic', fatal: false };
  switch (err.code) {
    case 'unauthorized':
      return { key: 'errors.sessionEnded', fatal: true };
    case 'insufficient_funds':
      return { key: 'errors.insufficientFunds', fatal: false };
    case 'game_maintenance':
    case 'system_maintenance':
      return { key: 'errors.maintenance', fatal: true };
    case 'not_found':
      return { key: 'errors.notFound', fatal: true };
    case 'network_error':
      return { key: 'errors.network', fatal: false };
    default:
      return { key: 'errors.generic', fatal: false, detail: err.message || undefined };
  }
}
