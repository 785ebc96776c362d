import { type ReactNode, useState } from 'react';

/**
 * A section of a record's page that staff open on demand: `children` renders (and so reads its data) only once the
 * section is opened, so the page's own reads stay as they are.
 */
export function OnDemand(props: { summary: string; children: () => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{props.summary}</summary>
      {open && props.children()}
    </details>
  );
}
