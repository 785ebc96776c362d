import { ERROR_CATALOGUE, type ErrorCode } from '@sea/contracts';

/**
 * The only error a service throws on purpose. `code` comes from the shared catalogue, which fixes the HTTP
 * status; `value` carries structured details for the client (field list, captcha flag, retry-after...).
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly value: unknown = null,
  ) {
    super(message ?? ERROR_CATALOGUE[code].message);
    this.name = 'AppError';
    this.status = ERROR_CATALOGUE[code].status;
  }
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}
