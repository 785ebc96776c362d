/**
 * The reels' motion, as pure functions of time (no DOM): the canvas only draws what these say.
 *
 * A reel shows a "tape" of cells: cell k is drawn at y = (k + offset) × cellHeight, so a growing offset moves the
 * symbols down and row r (0 = top) of a reel at rest at integer offset O shows cell r − O. While the reel spins it
 * shows its strip around where it last stopped; when the server's result is known, the cells not yet on screen
 * (k < split) are re-mapped so that the reel, landing at offset `land`, shows exactly the strip window at the
 * result's stop: strip[stop], strip[stop + 1], strip[stop + 2] top to bottom (the engine's window). The browser never
 * decides an outcome: it only animates to the stops the server returned.
 */
export interface TapeMapping {
  strip: readonly string[];
  /** Cell k shows strip[(stop + k) mod length]. */
  stop: number;
}

export interface ReelTape {
  current: TapeMapping;
  /** Cells k < split use `next` (set when the landing is planned); others use `current`. */
  next: TapeMapping | null;
  split: number;
}

const mod = (a: number, m: number) => ((a % m) + m) % m;

export const restingTape = (strip: readonly string[], stop: number): ReelTape => ({
  current: { strip, stop: mod(stop, strip.length) },
  next: null,
  split: Number.NEGATIVE_INFINITY,
});

export function symbolAt(tape: ReelTape, k: number): string {
  const m = tape.next && k < tape.split ? tape.next : tape.current;
  return m.strip[mod(m.stop + k, m.strip.length)]!;
}

/** The 3 symbols a reel shows at rest at integer offset `offset`, top to bottom. */
export const windowAt = (tape: ReelTape, offset: number): string[] =>
  [0, 1, 2].map((row) => symbolAt(tape, row - offset));

/**
 * Re-map the cells not yet visible at offset `now` so that at rest at integer offset `land` the reel shows
 * strip[stop..stop+2] of `strip`. `land` must be far enough that the landing window is made of re-mapped cells.
 */
export function planTape(tape: ReelTape, now: number, land: number, strip: readonly string[], stop: number): ReelTape {
  const split = Math.floor(-now);
  if (2 - land >= split) throw new RangeError(`landing at ${land} is too close to ${now}`);
  // Row r at offset land shows cell k = r − land: strip[(s + r − land)] must be strip[stop + r] → s = stop + land.
  return { current: tape.current, next: { strip, stop: mod(stop + land, strip.length) }, split };
}

/** After landing at integer offset `land`: the same picture, as a resting tape at offset 0. */
export function settleTape(tape: ReelTape, land: number): ReelTape {
  const m = tape.next ?? tape.current;
  return restingTape(m.strip, m.stop - land);
}

// ---- motion ----

/** easeOutBack: a decelerating stop that overshoots a little and settles (the reel's "thunk"). */
const BACK = 1.1;
const easeOutBack = (u: number) => 1 + (BACK + 1) * (u - 1) ** 3 + BACK * (u - 1) ** 2;
/** easeOutBack'(0): the ease's start speed relative to (distance / duration). */
const EASE_SPEED = 3 * (BACK + 1) - 2 * BACK;

export interface ReelMotion {
  /** When the reel starts (ms, same clock as `t`). */
  start: number;
  /** Full speed, symbols per ms. */
  speed: number;
  /** Time to full speed (ms). */
  accel: number;
  /** Planned landing: deceleration from `decelStart` (at offset `decelFrom`) to the integer `land` in `decel` ms. */
  decelStart?: number;
  decelFrom?: number;
  decel?: number;
  land?: number;
}

/** The free-running offset (accelerating, then constant speed). */
function runningOffset(m: ReelMotion, t: number): number {
  const dt = t - m.start;
  if (dt <= 0) return 0;
  if (dt < m.accel) return (m.speed * dt * dt) / (2 * m.accel);
  return m.speed * (dt - m.accel / 2);
}

export function offsetAt(m: ReelMotion, t: number): number {
  if (m.decelStart === undefined || t < m.decelStart) return runningOffset(m, t);
  const u = Math.min(1, (t - m.decelStart) / m.decel!);
  return m.decelFrom! + (m.land! - m.decelFrom!) * easeOutBack(u);
}

export const landed = (m: ReelMotion, t: number) => m.decelStart !== undefined && t >= m.decelStart + m.decel!;

/**
 * Plan the stop of a spinning reel: decelerate from `notBefore` at the latest, over `decel` ms, to the integer
 * offset whose distance matches the running speed, and at least `minTravel` symbols past where it is at `now`
 * (so the landing window is re-mapped, off screen). Returns the motion with the plan.
 */
export function planStop(m: ReelMotion, now: number, notBefore: number, decel: number, minTravel = 4.5): ReelMotion {
  const distance = (m.speed * decel) / EASE_SPEED;
  const fullSpeedAt = m.start + m.accel;
  const offsetNow = runningOffset(m, now);
  // Decelerate once at full speed, not before `notBefore`, and late enough to travel minTravel in all.
  const reach = now + Math.max(0, (minTravel - distance) / m.speed);
  const decelStart = Math.max(notBefore, fullSpeedAt, reach, now);
  const decelFrom = runningOffset(m, decelStart);
  const land = Math.max(Math.round(decelFrom + distance), Math.ceil(offsetNow + minTravel));
  return { ...m, decelStart, decelFrom, decel, land };
}

const THIRD = (1 / 3).toFixed(7);
const TWO_THIRDS = (2 / 3).toFixed(7);
/** y = u²: control points y 0 and 1/3. */
const EASE_IN_QUAD_CSS = `cubic-bezier(${THIRD}, 0, ${TWO_THIRDS}, ${THIRD})`;
/** easeOutBack: y(0) = 0, y'(0) = EASE_SPEED, y(1) = 1, y'(1) = 0 → control points y EASE_SPEED / 3 and 1. */
const EASE_OUT_BACK_CSS = `cubic-bezier(${THIRD}, ${(EASE_SPEED / 3).toFixed(7)}, ${TWO_THIRDS}, 1)`;

/** One keyframe of a motion: the offset (symbols) at a fraction of its duration, and the easing that follows it. */
export interface MotionKeyframe {
  at: number;
  offset: number;
  easing?: string;
}

/**
 * The motion as keyframes for the compositor (Web Animations), each segment an exact cubic Bézier of the model:
 * x is linear in both (control x 1/3, 2/3), so y is the model's own curve — y = u² for the start, easeOutBack for the
 * stop. Until the stop is planned, the free run lasts `freeRun` ms. Returns the duration (ms from `m.start`) too.
 */
export function motionKeyframes(m: ReelMotion, freeRun: number): { duration: number; keyframes: MotionKeyframe[] } {
  const cruise = m.start + m.accel;
  const end = m.decelStart !== undefined ? m.decelStart + m.decel! : cruise + freeRun;
  const duration = end - m.start;
  const at = (t: number) => (t - m.start) / duration;
  const keyframes: MotionKeyframe[] = [
    { at: 0, offset: 0, easing: EASE_IN_QUAD_CSS },
    { at: at(cruise), offset: runningOffset(m, cruise), easing: 'linear' },
  ];
  if (m.decelStart !== undefined) {
    keyframes.push({ at: at(m.decelStart), offset: m.decelFrom!, easing: EASE_OUT_BACK_CSS });
    keyframes.push({ at: 1, offset: m.land! });
  } else keyframes.push({ at: 1, offset: runningOffset(m, end) });
  return { duration, keyframes };
}
