import { Component, type ReactNode, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageMessage } from '../components/FullPageMessage.tsx';
import { removeFirstPaint } from './first-paint.ts';

/** A lazy chunk that failed to load (a deploy replaced it, or the network dropped). */
export function isChunkLoadError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return (
    err.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk [\w-]+ failed/i.test(
      err.message,
    )
  );
}

function ReloadPrompt() {
  const { t } = useTranslation();
  useLayoutEffect(removeFirstPaint, []);
  return (
    <FullPageMessage icon="↻" title={t('chunk.title')} testId="chunk-error">
      <p>{t('chunk.text')}</p>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </button>
    </FullPageMessage>
  );
}

/** Offers a reload for ChunkLoadError; any other error is re-thrown to the next boundary. */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (isChunkLoadError(error)) return <ReloadPrompt />;
    throw error;
  }
}
