import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Renders `children` once the block comes within `margin` of the viewport (at once where IntersectionObserver is
 * missing): what lies below the home's fold then loads its chunk and data only when the visitor scrolls there.
 */
export function NearView({ children, margin = '300px' }: { children: ReactNode; margin?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !ref.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [near, margin]);
  return <div ref={ref}>{near ? children : null}</div>;
}
