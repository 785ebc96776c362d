import type { SystemStatus } from '@sea/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, startTransition, Suspense, useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchSystemStatus } from '../api/system.ts';
import { BootError } from '../features/system/BootError.tsx';
import { Splash } from '../components/Splash.tsx';
import { ChunkErrorBoundary } from './ChunkErrorBoundary.tsx';
import { removeFirstPaint } from './first-paint.ts';
import { useSystem } from '../state/system.ts';
import { LANGUAGE_STORAGE_KEY, languageReady } from '../i18n/index.ts';

// Fetched in parallel with the status call; mounted only after it.
const appModule = import('./App.tsx');
const App = lazy(() => appModule);
// The rare full-page states: chunks of their own (the status call has answered, so the network is there to load them).
const MaintenancePage = lazy(() =>
  import('../features/system/MaintenancePage.tsx').then((m) => ({ default: m.MaintenancePage })),
);
const RegionBlockedPage = lazy(() =>
  import('../features/system/RegionBlockedPage.tsx').then((m) => ({ default: m.RegionBlockedPage })),
);

/**
 * The status answer the server wrote into index.html (a JSON data block), taken once: a retry or a later boot calls
 * the API. Anything unreadable counts as absent.
 */
function takeEmbeddedStatus(): SystemStatus | undefined {
  const el = document.getElementById('boot-status');
  if (!el) return undefined;
  el.remove();
  try {
    const value = JSON.parse(el.textContent ?? '') as SystemStatus;
    return typeof value?.status === 'number' && typeof value.merchantName === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * For a merchant zone without a fixed offset (dates then need Intl, lib/date-time.ts). The first Intl formatter of a
 * page loads the browser's locale and calendar data: ≈ 12 ms of main thread, ≈ 50 ms
 * under Lighthouse's 4× CPU slowdown. The home's clock and notices (lib/date-time.ts) would pay
 * it inside the render of the first screen, one long task with it; made here in a task of its own, their formatters
 * then cost well under a millisecond.
 */
function loadDateData(timeZone: string): void {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit' }).format(0);
  } catch {
    // An unknown zone name: lib/date-time.ts falls back to UTC; nothing to prepare here.
  }
}

type BootState = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; status: 0 | 1 | 2 };

/**
 * Spec §4: the permission call (with the current host) comes first; only then does the app mount.
 * 1 → maintenance page, 2 → region-blocked page (maintenance wins; the server decides).
 */
export function Boot() {
  const [state, setState] = useState<BootState>({ kind: 'loading' });
  const setStatus = useSystem((s) => s.set);
  const { i18n } = useTranslation();

  const load = useCallback(() => {
    setState({ kind: 'loading' });
    // The status call and the language's texts (the second language is a chunk of its own) in parallel; the
    // merchant's default language, when the visitor has none yet, is loaded before the first screen shows.
    const embedded = takeEmbeddedStatus();
    Promise.all([embedded ?? fetchSystemStatus(window.location.host), languageReady()])
      .then(async ([status]) => {
        // A zone without a fixed offset formats its dates with Intl: its data loaded in a task of its own.
        if (typeof status.utcOffsetMinutes !== 'number') window.setTimeout(() => loadDateData(status.timezone), 0);
        setStatus(status);
        document.title = status.merchantName;
        if (!localStorage.getItem(LANGUAGE_STORAGE_KEY) && status.languages.includes(status.defaultLanguage)) {
          await i18n.changeLanguage(status.defaultLanguage);
        }
        return status;
      })
      .then(
        // A transition: React renders the app's first screen in short slices (no long task while the page starts);
        // until it commits, the home's first paint (or the spinner) stays.
        (status) => startTransition(() => setState({ kind: 'ready', status: status.status })),
        () => setState({ kind: 'error' }),
      );
  }, [setStatus, i18n]);

  useEffect(load, [load]);
  // A full-page state instead of the app: the home's first paint (index.html) gives way in the same commit.
  const fullPage = state.kind === 'error' || (state.kind === 'ready' && state.status !== 0);
  useLayoutEffect(() => {
    if (fullPage) removeFirstPaint();
  }, [fullPage]);

  if (state.kind === 'loading') return <Splash />;
  if (state.kind === 'error') return <BootError onRetry={load} />;
  if (state.status !== 0)
    return (
      <Suspense fallback={<Splash />}>{state.status === 1 ? <MaintenancePage /> : <RegionBlockedPage />}</Suspense>
    );
  return (
    <QueryClientProvider client={queryClient}>
      <ChunkErrorBoundary>
        <Suspense fallback={<Splash />}>
          <App />
          <FirstPaintDone />
        </Suspense>
      </ChunkErrorBoundary>
    </QueryClientProvider>
  );
}

/** Commits with the app (same Suspense boundary): the home's first paint is replaced before the browser paints. */
function FirstPaintDone() {
  useLayoutEffect(removeFirstPaint, []);
  return null;
}

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
