// `npm start`: build the web site if it is missing or older than its sources, then run the server
// (API + SPA on one port; embedded PGlite in ./data with demo data unless DATABASE_URL is set).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = join(root, 'apps/web');
const distIndex = join(web, 'dist/index.html');

function newestMtime(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function webIsStale() {
  if (!existsSync(distIndex)) return true;
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', '../../packages/contracts/src']
    .map((p) => join(web, p))
    .filter((p) => existsSync(p));
  return Math.max(...sources.map(newestMtime)) > statSync(distIndex).mtimeMs;
}

if (process.env.SKIP_WEB_BUILD !== '1' && webIsStale()) {
  console.log('Building the web site (apps/web)...');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
}

register();
await import('../apps/server/src/main.ts');
