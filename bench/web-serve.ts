// The site as bench:web serves it (the real server, embedded database, demo data), for bench/web-ab.ts: started as a
// child process with E2E_WEB_DIST naming the build to serve, it prints its base URL as one JSON line and stops when
// its standard input closes (the parent ended).
import { startE2EServer } from '../e2e/lib/server.ts';

const server = await startE2EServer({ lotteryTicker: false });
process.stdout.write(`${JSON.stringify({ baseUrl: server.baseUrl })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void server.close().then(() => process.exit(0));
});
