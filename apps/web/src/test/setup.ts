import nodeConsole from 'node:console';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { useSession } from '../state/session.ts';
import { useGameLaunch } from '../state/game-launch.ts';
import { useUi } from '../state/ui.ts';
import { useLoginCheck } from '../features/auth/login-check-state.ts';
import { useRealtime } from '../state/realtime.ts';
import { sockets } from './fake-socket.ts';
import { i18n, initI18n } from '../i18n/index.ts';
import { server } from './server.ts';
import { nextTask } from '../lib/next-task.ts';

// The site's entry (main.tsx) sets i18next up in a task of its own; the tests as their set-up's first step.
initI18n();

// Pages and popups are lazy chunks: their first import in a test transforms the module graph (zod, the form kit),
// which on a loaded machine takes longer than testing-library's default 1 s wait.
configure({ asyncUtilTimeout: 5000 });

// happy-dom loads no iframe page (the game frames' /play/… addresses): it reports each as a console error with a stack,
// on the process's own console (node:console: vitest hands it to the window before this file runs). The frames' tests
// check the frame's address only, so that one report is dropped; every other error shows.
const isIframeNotice = (first: unknown) =>
  first instanceof Error &&
  first.name === 'NotSupportedError' &&
  first.message.includes('Iframe page loading is disabled');
for (const target of new Set([console, nodeConsole])) {
  const error = target.error.bind(target);
  target.error = (...args: unknown[]) => {
    if (!isIframeNotice(args[0])) error(...args);
  };
}

// No test opens a real socket: the pushed events' client gets test/fake-socket.ts, driven by the test.
vi.mock('socket.io-client', () => import('./fake-socket.ts'));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  cleanup();
  useUi.getState().close();
  useLoginCheck.getState().set(null);
  useGameLaunch.getState().close();
  useSession.getState().clear();
  useRealtime.setState({ status: 'off', maintenance: null, games: {} });
  sockets.length = 0;
  await i18n.changeLanguage('en');
  server.resetHandlers();
  sessionStorage.clear();
  localStorage.clear();
});
// A call starts its fetch a task after it is made (api/client.ts, lib/next-task.ts): one made as the file's last test
// ends still reaches the mock server instead of the real network.
afterAll(async () => {
  await nextTask();
  server.close();
});
