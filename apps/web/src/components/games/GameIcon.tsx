import { useState } from 'react';
// Its own file, not a data URL in the first page's script (the game cards fetch it only when an icon fails).
import fallbackIcon from './game-fallback.svg?no-inline';

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
