import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, isAppError } from '../lib/errors.ts';
import { IMAGE_MAX_BYTES } from '../lib/image.ts';
import { findTextProblem } from './validation.ts';

const tooLarge = (maxBytes = IMAGE_MAX_BYTES) =>
  new AppError('payload_too_large', `Images must be ${Math.round(maxBytes / (1024 * 1024))} MB or smaller.`);
const unreadable = () => new AppError('bad_request', 'The multipart form could not be read.');

/** Room for the text fields, part headers and boundaries around the one file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * Reads a multipart/form-data body: its text fields, checked against `fields`, and at most one file in the part
 * named `file` (other file parts are drained and ignored). A body announced larger than the limit is refused
 * before a byte of it is read; a file over `maxBytes` is refused as soon as the limit is passed (the error handler
 * then closes the connection rather than draining the rest). A form without a boundary or with broken framing is a 400.
 */
export async function readMultipartForm<S extends z.ZodType>(
  request: FastifyRequest,
  opts: { fields: S; file: string; maxBytes?: number },
): Promise<{ fields: z.infer<S>; file: Buffer | undefined }> {
  const { fields, files } = await readMultipart(request, { ...opts, maxFiles: 1, extra: 'ignore' });
  return { fields, file: files[0] };
}

/**
 * The same for a form with up to `maxFiles` files in parts named `file` (feedback images): one more is refused with
 * `tooMany` rather than dropped, so the member learns that an image was not taken.
 */
export async function readMultipartFiles<S extends z.ZodType>(
  request: FastifyRequest,
  opts: { fields: S; file: string; maxFiles: number; tooMany: () => AppError; maxBytes?: number; fieldSize?: number },
): Promise<{ fields: z.infer<S>; files: Buffer[] }> {
  return readMultipart(request, { ...opts, extra: opts.tooMany });
}

async function readMultipart<S extends z.ZodType>(
  request: FastifyRequest,
  opts: {
    fields: S;
    file: string;
    maxFiles: number;
    extra: 'ignore' | (() => AppError);
    maxBytes?: number;
    fieldSize?: number;
  },
): Promise<{ fields: z.infer<S>; files: Buffer[] }> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Send the form as multipart/form-data.');
  if (!/;\s*boundary=("[^"]+"|[^\s;]+)/i.test(request.headers['content-type'] ?? '')) throw unreadable();
  const maxBytes = opts.maxBytes ?? IMAGE_MAX_BYTES;
  const declared = Number(request.headers['content-length'] ?? Number.NaN);
  if (declared > (maxBytes + FORM_OVERHEAD_BYTES) * opts.maxFiles) throw tooLarge(maxBytes);

  const text: Record<string, string> = {};
  const files: Buffer[] = [];
  try {
    for await (const part of request.parts({
      limits: {
        fileSize: maxBytes,
        files: opts.maxFiles + 1,
        fields: 10,
        fieldSize: opts.fieldSize ?? 1024,
        parts: 16,
      },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== opts.file || files.length >= opts.maxFiles) {
          await part.toBuffer().catch(() => undefined);
          if (part.fieldname === opts.file && opts.extra !== 'ignore') throw opts.extra();
          continue;
        }
        const buf = await part.toBuffer();
        if (part.file.truncated) throw tooLarge(maxBytes);
        if (buf.length > 0) files.push(buf);
      } else if (typeof part.value === 'string') {
        text[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw multipartError(err, maxBytes);
  }
  const bad = findTextProblem(text);
  if (bad)
    throw new AppError('validation_failed', undefined, {
      in: 'body',
      fields: [{ field: bad.path.join('.'), reason: bad.reason, message: bad.message }],
    });
  const parsed = opts.fields.safeParse(text);
  if (!parsed.success) throw validationError(parsed.error);
  return { fields: parsed.data, files };
}

/** @fastify/multipart's and busboy's errors → catalogue codes (limits are 413, broken framing 400). */
function multipartError(err: unknown, maxBytes: number): AppError {
  if (isAppError(err)) return err;
  const { code, statusCode } = err as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(maxBytes);
  if (statusCode === 413) return new AppError('payload_too_large', 'The form has too many parts or fields.');
  return unreadable();
}

/** A zod error of a body read by hand, in the shape of every other validation answer. */
export function validationError(error: z.ZodError): AppError {
  return new AppError('validation_failed', undefined, {
    in: 'body',
    fields: error.issues.map((i) => ({ field: i.path.join('.'), reason: i.code, message: i.message })),
  });
}
