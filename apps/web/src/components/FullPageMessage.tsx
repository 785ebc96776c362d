import type { ReactNode } from 'react';

/** The whole-screen pages shown instead of the app (maintenance, region block, boot failure). */
export function FullPageMessage(props: { icon: string; title: string; children: ReactNode; testId: string }) {
  return (
    <main className="full-page" data-testid={props.testId}>
      <div className="full-page__card">
        <div className="full-page__icon" aria-hidden="true">
          {props.icon}
        </div>
        <h1>{props.title}</h1>
        {props.children}
      </div>
    </main>
  );
}
