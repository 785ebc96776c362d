/**
 * A nudge told at most once per `ms` per key, the last value always told (trailing): bets at a shared table become
 * about one push a second, not one per bet — each push is a re-read by every player watching.
 */
export function throttledNudge<K, V>(ms: number, tell: (key: K, value: V) => void): (key: K, value: V) => void {
  const waiting = new Map<K, { value: V }>();
  return (key, value) => {
    const pending = waiting.get(key);
    if (pending) return void (pending.value = value);
    const next = { value };
    waiting.set(key, next);
    setTimeout(() => {
      waiting.delete(key);
      tell(key, next.value);
    }, ms).unref();
  };
}
