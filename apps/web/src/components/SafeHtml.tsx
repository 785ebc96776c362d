import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * Operator-authored HTML (help articles, announcements): sanitised with DOMPurify before it reaches the page,
 * so a compromised back-office account cannot run script on players' browsers.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(
    () =>
      DOMPurify.isSupported
        ? DOMPurify.sanitize(html, {
            USE_PROFILES: { html: true },
            FORBID_TAGS: ['style', 'form'],
            FORBID_ATTR: ['style'],
          })
        : null,
    [html],
  );
  // Where DOMPurify cannot run it would hand the input back untouched: show the text only instead.
  if (clean === null)
    return <div className={className}>{new DOMParser().parseFromString(html, 'text/html').body.textContent}</div>;
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
