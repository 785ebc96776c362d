import type { ReactNode } from 'react';

/**
 * A list page's (or section's) heading with its main action on the same line: the "New …" button, shown only to
 * staff who may use it (`action` undefined otherwise), disabled until the list it adds to has loaded (`disabled`).
 */
export function ListPageHead(props: {
  title: string;
  level?: 1 | 2;
  action?: { label: string; onClick: () => void; disabled?: boolean; busy?: boolean; primary?: boolean };
  children?: ReactNode;
}) {
  const Heading = props.level === 2 ? 'h2' : 'h1';
  const a = props.action;
  return (
    <div className="bo-page__head">
      <Heading>{props.title}</Heading>
      {a && (
        <button
          type="button"
          className={a.primary === false ? 'bo-btn' : 'bo-btn bo-btn--primary'}
          disabled={a.disabled}
          aria-busy={a.busy}
          onClick={a.onClick}
        >
          {a.label}
        </button>
      )}
      {props.children}
    </div>
  );
}
