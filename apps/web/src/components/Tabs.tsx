/** The method tabs of a popup (username / SMS, username / mobile, e-mail / phone); shown only with two or more. */
export function Tabs<K extends string>({
  label,
  tabs,
  active,
  onChange,
}: {
  label: string;
  tabs: readonly { key: K; label: string }[];
  active: K;
  onChange(key: K): void;
}) {
  if (tabs.length < 2) return null;
  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          aria-selected={active === tab.key}
          onClick={() => onChange(tab.key)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
