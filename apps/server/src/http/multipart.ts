import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../lib/errors.ts';
import { IMAGE_MAX_BYTES } from '../lib/image.ts';

const tooLarge = () => new AppError('payload_too_large', 'Images must be 5 MB or smaller.');

/**
 * Reads a multipart/form-data body: its text fields, checked against `fields`, and at most one file in the part
 * named `file` (other file parts are drained and ignored). A file over `maxBytes` is refused as soon as the limit
 * is passed, without reading the rest.
 */
export async function readMultipartForm<S extends z.ZodType>(
  request: FastifyRequest,
  opts: { fields: S; file: string; maxBytes?: number },
): Promise<{ fields: z.infer<S>; file: Buffer | undefined }> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Send the form as multipart/form-data.');
  const text: Record<string, string> = {};
  let file: Buffer | undefined;
  for await (const part of request.parts({
    limits: { fileSize: opts.maxBytes ?? IMAGE_MAX_BYTES, files: 2, fields: 10, fieldSize: 1024 },
  })) {
    if (part.type === 'file') {
      if (part.fieldname !== opts.file || file) {
        await part.toBuffer().catch(() => undefined);
        continue;
      }
      const buf = await part.toBuffer().catch(() => {
        throw tooLarge();
      });
      if (part.file.truncated) throw tooLarge();
      if (buf.length > 0) file = buf;
    } else if (typeof part.value === 'string') {
      text[part.fieldname] = part.value;
    }
  }
  const parsed = opts.fields.safeParse(text);
  if (!parsed.success) throw validationError(parsed.error);
  return { fields: parsed.data, file };
}

/** A zod error of a body read by hand, in the shape of every other validation answer. */
export function validationError(error: z.ZodError): AppError {
  return new AppError('validation_failed', undefined, {
    in: 'body',
    fields: error.issues.map((i) => ({ field: i.path.join('.'), reason: i.code, message: i.message })),
  });
}
