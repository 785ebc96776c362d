/** How a status reads at a glance; each feature maps its statuses onto these tones. */
export type StatusTone = 'waiting' | 'paid' | 'done' | 'failed' | 'refused' | 'void';

/** A record's status as a coloured pill (deposits, withdrawals, transactions). */
export function StatusBadge({ tone, children }: { tone: StatusTone; children: string }) {
  return <span className={`status-badge status-badge--${tone}`}>{children}</span>;
}
