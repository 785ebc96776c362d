import type { FieldError } from '@sea/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError } from '../lib/errors.ts';
import { fail } from './envelope.ts';

type FastifySchemaValidationError = NonNullable<FastifyError['validation']>[number];

function validationFields(validation: FastifySchemaValidationError[]): FieldError[] {
  return validation.map((v) => ({
    field: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    reason: v.keyword,
    message: v.message ?? 'Invalid value',
  }));
}

/** Maps Fastify's own errors (body parsing, limits) to catalogue codes; everything unknown is internal. */
function fromFastifyError(err: FastifyError): AppError {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('unsupported_media_type');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('bad_request', 'The request body is not valid JSON.');
    default:
      break;
  }
  if (err instanceof SyntaxError || err.statusCode === 400) return new AppError('bad_request');
  if (err.statusCode === 413) return new AppError('payload_too_large');
  if (err.statusCode === 415) return new AppError('unsupported_media_type');
  if (err.statusCode === 429) return new AppError('too_many_requests');
  return new AppError('internal_error');
}

/** Seconds a client is told to wait while the database is unreachable. */
const UNAVAILABLE_RETRY_SECONDS = 1;

/**
 * `unavailable`: whether an unexpected error means a dependency (the database) cannot be reached right now;
 * such errors are answered 503 service_unavailable with Retry-After (and logged once per outage by the caller).
 */
export function registerErrorHandling(
  app: FastifyInstance,
  opts: { unavailable?: (err: unknown) => boolean } = {},
): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (err.validation) {
      const e = new AppError('validation_failed', undefined, {
        in: err.validationContext ?? null,
        fields: validationFields(err.validation),
      });
      return reply.status(e.status).send(fail(e.code, e.message, e.value));
    }
    if (!isAppError(err) && opts.unavailable?.(err)) {
      const e = new AppError('service_unavailable');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_SECONDS));
      return reply.status(e.status).send(fail(e.code, e.message, e.value));
    }
    const appErr = isAppError(err) ? err : fromFastifyError(err);
    if (appErr.code === 'internal_error') request.log.error({ err }, 'unhandled error');
    if (appErr.code === 'too_many_requests') {
      const seconds = (appErr.value as { retryAfterSeconds?: number } | null)?.retryAfterSeconds;
      reply.header('retry-after', String(seconds ?? reply.getHeader('retry-after') ?? 60));
    }
    // Answering before the body was read: Node would read (and discard) the rest to keep the connection alive;
    // close it instead, so a client sending too much stops at once.
    if (!request.raw.complete) reply.header('connection', 'close');
    return reply.status(appErr.status).send(fail(appErr.code, appErr.message, appErr.value));
  });
}
