import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/** A page that failed while rendering: what happened and a reload, in the staff's language. */
function PageError() {
  const { t } = useTranslation();
  return (
    <div className="bo-page bo-empty-page" role="alert" data-testid="route-error">
      <h1>{t('shell.pageErrorTitle')}</h1>
      <p>{t('shell.pageErrorText')}</p>
      <button type="button" className="bo-btn bo-btn--primary" onClick={() => window.location.reload()}>
        {t('shell.reload')}
      </button>
    </div>
  );
}

interface State {
  error: unknown;
  /** The location at which the error was caught: a navigation elsewhere renders the pages again. */
  at: string | null;
}

class Boundary extends Component<{ at: string; children: ReactNode }, State> {
  state: State = { error: null, at: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: { at: string }, state: State): Partial<State> | null {
    if (state.error === null) return state.at === props.at ? null : { at: props.at };
    return state.at === props.at ? null : { error: null, at: props.at };
  }

  render() {
    return this.state.error === null ? this.props.children : <PageError />;
  }
}

/** The back office's pages behind an error boundary: one failing page never blanks the back office. */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary at={useLocation().key}>{children}</Boundary>;
}
