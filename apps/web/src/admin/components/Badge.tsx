import type { ReactNode } from 'react';

export type Tone = 'neutral' | 'good' | 'warn' | 'bad' | 'info';

/** A status as a coloured label (the text says it; the colour only helps). */
export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <span className={`bo-badge bo-badge--${tone}`}>{children}</span>;
}
