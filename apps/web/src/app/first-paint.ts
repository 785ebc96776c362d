/**
 * The home's first banner slide that index.html paints before any script (apps/web/first-paint.ts), removed in the
 * commit that shows the app or a full-page state instead. Until then it is the page's content and the loading
 * spinners are hidden (global.css), so the first paint is the banner even when the script runs before it.
 */
export function removeFirstPaint(): void {
  if (typeof document !== 'undefined') document.getElementById('first-paint')?.remove();
}
