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

export const PLAYER_DOCUMENT = 'Player API';
export const ADMIN_DOCUMENT = 'Back office API (staff)';
const ADMIN_DOCUMENT_URL = '/admin/api/openapi';

/*
 * The two functions below run in the browser (swagger-ui serialises them into its initializer script, so they use
 * nothing from this file). The back office keeps its staff session token in the tab's sessionStorage ('adminToken',
 * apps/web/src/admin/state/session.ts): opened from the back office's "API docs" link in the same tab, /docs sends
 * it with its calls to /admin/api/* of this site only — the document, and "Try it out" — and with no session the
 * back-office entry shows a page asking to sign in instead of the document (which the server never gives out
 * without a staff session).
 */
type BrowserGlobals = {
  location: { href: string; origin: string };
  sessionStorage: { getItem(key: string): string | null };
};

function staffSessionInterceptor(request: { url: string; headers: Record<string, string> }) {
  const window = globalThis as unknown as BrowserGlobals;
  const target = new URL(request.url, window.location.href);
  const token = window.sessionStorage.getItem('adminToken');
  if (token && target.origin === window.location.origin && target.pathname.startsWith('/admin/api/'))
    request.headers.Authorization = `Bearer ${token}`;
  return request;
}

function adminDocumentInterceptor(response: {
  url: string;
  ok: boolean;
  status: number;
  text: string;
  body?: unknown;
  obj?: unknown;
}) {
  const window = globalThis as unknown as BrowserGlobals;
  if (new URL(response.url, window.location.href).pathname !== '/admin/api/openapi') return response;
  let document: unknown;
  try {
    const envelope = JSON.parse(response.text) as { success?: boolean; value?: unknown };
    if (envelope.success) document = envelope.value;
  } catch {
    document = undefined;
  }
  document ??= {
    openapi: '3.0.3',
    info: {
      title: 'Back office API',
      version: '-',
      description:
        'The back-office API is shown to signed-in staff only. Sign in to the back office at [/admin](/admin), ' +
        'then open **API docs** from its top bar (in the same browser tab).',
    },
    paths: {},
  };
  response.ok = true;
  response.status = 200;
  response.text = JSON.stringify(document);
  response.body = document;
  response.obj = document;
  return response;
}

/**
 * The OpenAPI document and its UI. Off in production unless API_DOCS=true. /docs/json (and /docs/yaml) is the player
 * API only; the whole document, back office included, is GET /admin/api/openapi (a staff session), which /docs
 * offers as a second entry of its spec selector with the staff session of the tab. `documents`: more documents by path, served as JSON to anyone (the vendors' wallet protocol at
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
    uiConfig: {
      // The spec selector: the player API for anyone; the back office's document for a signed-in staff member.
      urls: [
        { url: '/docs/json', name: PLAYER_DOCUMENT },
        { url: ADMIN_DOCUMENT_URL, name: ADMIN_DOCUMENT },
      ],
      // Typed there with the DOM's Request/Response, which the server does not compile against.
      requestInterceptor: staffSessionInterceptor as never,
      responseInterceptor: adminDocumentInterceptor as never,
    },
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
