import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

/** Every text file of `dir` (recursively) above 1 KB gets a .br (quality 11) and a .gz (level 9) beside it. */
export function precompressDir(dir: string): { files: number; raw: number; gzip: number; brotli: number } {
  const totals = { files: 0, raw: 0, gzip: 0, brotli: 0 };
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      const sub = precompressDir(path);
      for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += sub[k];
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const raw = readFileSync(path);
    if (raw.length < 1024) continue;
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gz = gzipSync(raw, { level: 9 });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gz);
    totals.files += 1;
    totals.raw += raw.length;
    totals.gzip += gz.length;
    totals.brotli += br.length;
  }
  return totals;
}

/**
 * Build step: precompressed copies of the site's text files (node's zlib, no extra dependency), so the server
 * sends them with brotli or gzip without compressing per request (@fastify/static `preCompressed`).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'sea-precompress',
    apply: 'build',
    configResolved(c) {
      outDir = c.build.outDir;
    },
    closeBundle() {
      const t = precompressDir(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
      this.info(`precompressed ${t.files} files: ${kb(t.raw)} → gzip ${kb(t.gzip)}, brotli ${kb(t.brotli)}`);
    },
  };
}
