import { useState } from 'react';
import fallbackIcon from './game-fallback.svg';

/** A game or vendor image that falls back to the site's default image when it fails to load (spec §2 game card). */
export function GameIcon({ src, className }: { src: string | null; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const broken = !src || failed === src;
  return (
    <img
      className={className}
      src={broken ? fallbackIcon : src}
      alt=""
      loading="lazy"
      decoding="async"
      data-fallback={broken || undefined}
      onError={() => setFailed(src)}
    />
  );
}
