import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Calls `fn` once the page has loaded and the browser is idle, and then only once the visitor has scrolled (or at
 * once when the page cannot scroll). While the home starts, its rows are still empty and the page is short, so a
 * block far below the fold would seem near the viewport: waiting keeps it out of the first page's script.
 */
function whenSettled(fn: () => void): () => void {
  let done = false;
  let idle: number | undefined;
  const fire = () => {
    if (done) return;
    done = true;
    window.removeEventListener('scroll', fire);
    fn();
  };
  const settled = () => {
    const canScroll = document.documentElement.scrollHeight > window.innerHeight;
    if (!canScroll || window.scrollY > 0) fire();
    else window.addEventListener('scroll', fire, { passive: true, once: true });
  };
  const afterLoad = () => {
    idle =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(settled, { timeout: 2000 })
        : window.setTimeout(settled, 200);
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    done = true;
    window.removeEventListener('load', afterLoad);
    window.removeEventListener('scroll', fire);
    if (idle !== undefined) {
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
      window.clearTimeout(idle);
    }
  };
}

/**
 * Renders `children` once the block comes within `margin` of the viewport, watched from when the page has settled
 * (at once where IntersectionObserver is missing): what lies below the home's fold then loads its chunk and data
 * only when the visitor scrolls there.
 */
export function NearView({
  children,
  margin = '300px',
  className,
}: {
  children: ReactNode;
  margin?: string;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !ref.current) return;
    const el = ref.current;
    let observer: IntersectionObserver | undefined;
    const stop = whenSettled(() => {
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) setNear(true);
        },
        { rootMargin: margin },
      );
      observer.observe(el);
    });
    return () => {
      stop();
      observer?.disconnect();
    };
  }, [near, margin]);
  return (
    <div ref={ref} className={className}>
      {near ? children : null}
    </div>
  );
}
