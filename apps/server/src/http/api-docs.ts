import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/errors.ts';
import { defineAdminRoute } from './route.ts';

const ADMIN_PREFIX = '/admin/api/';

type OpenApiDocument = { paths?: Record<string, unknown> } & Record<string, unknown>;

/** The document without the back-office operations (what /docs shows to anyone). */
export function publicDocument(doc: OpenApiDocument): OpenApiDocument {
  const paths = Object.fromEntries(Object.entries(doc.paths ?? {}).filter(([p]) => !p.startsWith(ADMIN_PREFIX)));
  return { ...doc, paths };
}

/**
 * The OpenAPI document and its UI. Off in production unless API_DOCS=true. /docs (and /docs/json, /docs/yaml)
 * show the player API only; the whole document, back office included, is GET /admin/api/openapi (an admin
 * session). `documents`: more documents by path, served as JSON to anyone (the vendors' wallet protocol at
 * /docs/wallet). Must be registered before the routes it documents.
 */
export async function registerApiDocs(
  app: FastifyInstance,
  opts: { enabled: boolean; documents?: Record<string, () => Record<string, unknown>> },
): Promise<void> {
  if (!opts.enabled) return;
  for (const [url, build] of Object.entries(opts.documents ?? {})) {
    const text = JSON.stringify(build());
    app.get(url, { schema: { hide: true } }, async (_request, reply) =>
      reply.type('application/json; charset=utf-8').send(text),
    );
  }
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Platform API',
        version: '0.1.0',
        description:
          'Player (/wps, /lgw) API; the back office (/admin/api) for admins at GET /admin/api/openapi. ' +
          'Every answer is {success, value, message, code}.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    transformSpecification: (doc) => publicDocument(doc as OpenApiDocument),
  });
  // The static files of the UI: a path with dot segments (raw or encoded) is not a file of ours.
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/docs/') && /(^|\/)(\.|%2e){2}(\/|%2f|\\|%5c|$)/i.test(path))
      throw new AppError('not_found', 'No such path.');
  });

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/openapi',
      permission: 'signed-in',
      summary:
        'The whole OpenAPI document, back office included (each operation names the staff permission it needs); the back office shows it as its API reference',
      tags: ['admin'],
      response: z.record(z.string(), z.unknown()),
    },
    () => app.swagger() as unknown as Record<string, unknown>,
  );
}
