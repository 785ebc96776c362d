import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const API_PREFIXES = ['/wps/', '/lgw/', '/admin/api/', '/house/', '/wallet/', '/dev/', '/docs', '/healthz', '/readyz'];
/** Our own games' pages (the launch URL /play/<gameCode>?token=…) are their own light entry of the site. */
const PLAY_PREFIX = '/play/';
const PLAY_FILE = 'play.html';

/**
 * Serves the built SPA, precompressed (brotli or gzip copies made at build time). Hashed assets are immutable;
 * index.html is never cached. Returns the function the not-found handler uses to decide whether a path is a
 * client-side route (HTML fallback): /play/* gets the game pages' entry (play.html), every other page index.html.
 */
export async function registerSpa(app: FastifyInstance, distDir: string | undefined) {
  const indexFile = distDir ? join(distDir, 'index.html') : undefined;
  const enabled = Boolean(indexFile && existsSync(indexFile));
  const playEnabled = Boolean(enabled && distDir && existsSync(join(distDir, PLAY_FILE)));
  if (enabled && distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file: sent as the request accepts, never compressed per request.
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  /** A GET for a page (not an API path, not an asset, no file extension) gets index.html. */
  return function trySpaFallback(request: FastifyRequest, reply: FastifyReply): boolean {
    if (!enabled || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    const path = request.url.split('?')[0] ?? '/';
    if (API_PREFIXES.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p))) return false;
    if (path.startsWith('/assets/')) return false;
    const last = path.slice(path.lastIndexOf('/') + 1);
    if (last.includes('.') && path !== '/index.html') return false;
    const file = playEnabled && path.startsWith(PLAY_PREFIX) ? PLAY_FILE : 'index.html';
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile(file);
    return true;
  };
}
