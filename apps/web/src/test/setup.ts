import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { useSession } from '../state/session.ts';
import { useGameLaunch } from '../state/game-launch.ts';
import { useUi } from '../state/ui.ts';
import { i18n } from '../i18n/index.ts';
import { server } from './server.ts';

// Pages and popups are lazy chunks: their first import in a test transforms the module graph (zod, the form kit),
// which on a loaded machine takes longer than testing-library's default 1 s wait.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  cleanup();
  useUi.getState().close();
  useGameLaunch.getState().close();
  useSession.getState().clear();
  await i18n.changeLanguage('en');
  server.resetHandlers();
  sessionStorage.clear();
  localStorage.clear();
});
afterAll(() => server.close());
