import { useState } from 'react';
// Its own file, not a data URL in the first page's script (the game cards fetch it only when an icon fails).
import fallbackIcon from './game-fallback.svg?no-inline';

/** A stable hue for a name, so a game without art keeps the same colours everywhere. */
export function hueOf(name: string): number {
  let h = 0;
  for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) % 360;
  return h;
}

/**
 * A game or vendor image (spec §2 game card). With `name` (game cards), a game without an image — none given, one
 * that fails, or one still loading — shows a designed tile with the game's name instead of a generic picture, and
 * the image is fitted whole (never a clipped band); without it (vendor logos) the site's default image stands in.
 */
export function GameIcon({ src, className, name }: { src: string | null; className?: string; name?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<string | null>(null);
  const broken = !src || failed === src;
  if (name !== undefined)
    return (
      <span
        className="game-art"
        data-fallback={broken || undefined}
        style={{ '--art-hue': hueOf(name) } as React.CSSProperties}
      >
        {(broken || loaded !== src) && (
          <span className="game-art__name" aria-hidden="true">
            {name}
          </span>
        )}
        {!broken && (
          <img
            className={className}
            src={src}
            alt=""
            loading="lazy"
            decoding="async"
            onLoad={() => setLoaded(src)}
            onError={() => setFailed(src)}
          />
        )}
      </span>
    );
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
