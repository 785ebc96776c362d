/** A row of toggle chips (quick amounts, quick date ranges): one pressed at most. */
export function Chips<K extends string | number>({
  label,
  items,
  pressed,
  onPick,
}: {
  label: string;
  items: readonly { key: K; label: string }[];
  pressed: K | undefined;
  onPick(key: K): void;
}) {
  return (
    <div className="chips" role="group" aria-label={label}>
      {items.map((item) => (
        <button
          key={item.key}
          type="button"
          className="chip"
          aria-pressed={item.key === pressed}
          onClick={() => onPick(item.key)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
