import { lazy, Suspense, useState } from 'react';
import { useGameLaunch } from '../state/game-launch.ts';

const GamePopup = lazy(() => import('../features/games/GamePopup.tsx'));

/** Mounts the game popup (its own chunk) once a game is first started, so pages that never start one skip it. */
export function GamePopupHost() {
  const wanted = useGameLaunch((s) => s.target !== null);
  const [loaded, setLoaded] = useState(false);
  if (wanted && !loaded) setLoaded(true);
  if (!loaded && !wanted) return null;
  return (
    <Suspense fallback={null}>
      <GamePopup />
    </Suspense>
  );
}
