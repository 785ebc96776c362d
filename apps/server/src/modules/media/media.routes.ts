import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isAppError } from '../../lib/errors.ts';
import type { MediaService } from './media.service.ts';

/**
 * GET /media/<sha256>.<ext>: the stored bytes, cacheable for a year (the name changes with the content). Not an
 * enveloped API call (an <img> reads it), so it stays out of the OpenAPI documents; a miss is a plain 404.
 */
export function registerMediaRoutes(app: FastifyInstance, media: MediaService): void {
  app.get(
    '/media/:file',
    { schema: { hide: true, params: z.object({ file: z.string().max(80) }) } },
    async (request, reply) => {
      const { file } = request.params as { file: string };
      try {
        const found = await media.get(file);
        const etag = `"${found.sha256}"`;
        reply
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('etag', etag)
          .header('x-content-type-options', 'nosniff')
          .type(found.contentType);
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        return reply.send(Buffer.from(found.bytes));
      } catch (err) {
        if (!isAppError(err)) throw err;
        return reply.code(404).header('cache-control', 'no-store').type('text/plain').send('Not found');
      }
    },
  );
}
