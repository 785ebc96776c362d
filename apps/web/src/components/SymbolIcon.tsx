import { useEffect, useRef } from 'react';
import { drawSymbol } from '../lib/slot-symbols.ts';

/**
 * A slot symbol drawn on a canvas (the game's own paths, no image files): the paytable's and the fairness page's.
 * With `label` it is an image of that name, else decoration beside its text.
 */
export function SymbolIcon(props: { code: string; size?: number; label?: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const size = props.size ?? 56;
  useEffect(() => {
    const c = ref.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return;
    const dpr = Math.min(window.devicePixelRatio || 1, 2);
    c.width = c.height = size * dpr;
    ctx.scale(dpr, dpr);
    drawSymbol(ctx, props.code, size);
  }, [props.code, size]);
  return (
    <canvas
      ref={ref}
      className="symbol-icon"
      style={{ width: size, height: size }}
      data-symbol={props.code}
      {...(props.label ? { role: 'img', 'aria-label': props.label, title: props.label } : { 'aria-hidden': true })}
    />
  );
}
