import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Answers below this go as they are: compressing a few hundred bytes costs more than it saves. */
export const COMPRESS_MIN_BYTES = 1024;
const TEXT = /^(application\/(json|javascript|xml)|text\/|image\/svg\+xml)/;

/** The encoding to use for a request's Accept-Encoding: brotli first, then gzip (q=0 refuses). */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null;
  const offered = new Map(
    accept.split(',').map((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return [name!.trim(), q === undefined ? 1 : Number(q)] as const;
    }),
  );
  const ok = (n: string) => (offered.get(n) ?? offered.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
}

/**
 * Compresses API answers (JSON, HTML pages of our own) above 1 KB with brotli (quality 5: fast) or gzip, per the
 * request's Accept-Encoding. Files of the site are not touched here: they are precompressed at build time and
 * streamed. Written on node's zlib rather than @fastify/compress, which the verified dependency set does not list.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'HEAD' || reply.hasHeader('content-encoding')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload; // streams: files, already handled
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < COMPRESS_MIN_BYTES) return payload;
    if (!TEXT.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    reply.header('vary', appendVary(reply.getHeader('vary')));
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const out =
      encoding === 'br'
        ? await brotli(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          })
        : await gz(body, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return out;
  });
}

function appendVary(current: unknown): string {
  const list = String(current ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!list.some((v) => v.toLowerCase() === 'accept-encoding' || v === '*')) list.push('Accept-Encoding');
  return list.join(', ');
}
