import { useCallback } from 'react';
import { formatDateTime } from '../lib/date-time.ts';
import { useSystemStatus } from '../state/system.ts';

/** Formats instants the site's one way (DD/MM/YYYY HH:mm:ss, merchant time zone), for texts that embed a time. */
export function useDateTime(): (at: Date | string) => string {
  const { timezone } = useSystemStatus();
  return useCallback((at) => formatDateTime(at, timezone), [timezone]);
}

/** An instant on screen: a `<time>` element with the machine-readable value. */
export function DateTime({ value, className }: { value: string; className?: string }) {
  const format = useDateTime();
  return (
    <time dateTime={value} className={className}>
      {format(value)}
    </time>
  );
}
