import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { FullPageMessage } from '../components/FullPageMessage.tsx';
import { isChunkLoadError } from './ChunkErrorBoundary.tsx';

/** The router's last line of defence: a translated message and a reload, never a blank or English-only page. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  return (
    <FullPageMessage
      icon={chunk ? '↻' : '⚠'}
      title={t(chunk ? 'chunk.title' : 'common.errorTitle')}
      testId="route-error"
    >
      <p>{t(chunk ? 'chunk.text' : 'common.errorText')}</p>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </button>
    </FullPageMessage>
  );
}

interface BoundaryState {
  error: unknown;
  /** The location at which the error was caught: a navigation elsewhere renders the pages again. */
  at: string | null;
}

class Boundary extends Component<{ at: string; children: ReactNode }, BoundaryState> {
  state: BoundaryState = { error: null, at: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: { at: string }, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === null) return state.at === props.at ? null : { at: props.at };
    return state.at === props.at ? null : { error: null, at: props.at };
  }

  render() {
    return this.state.error === null ? this.props.children : <RouteError error={this.state.error} />;
  }
}

/**
 * An error thrown while rendering the layout or a page shows RouteError in their place (what the data router's
 * errorElement did); navigating to another location tries the pages again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <Boundary at={location.key}>{children}</Boundary>;
}
