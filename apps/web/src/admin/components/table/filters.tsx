import { useEffect, useState } from 'react';

/** A search box that writes its filter after the operator stops typing (and at once on Enter). */
export function SearchFilter(props: { label: string; value: string | undefined; onChange: (v: string) => void }) {
  const [text, setText] = useState(props.value ?? '');
  const { value, onChange } = props;
  useEffect(() => setText(value ?? ''), [value]);
  useEffect(() => {
    if (text === (value ?? '')) return;
    const id = setTimeout(() => onChange(text), 400);
    return () => clearTimeout(id);
  }, [text, value, onChange]);
  return (
    <label className="bo-filter">
      <span>{props.label}</span>
      <input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && onChange(text)}
      />
    </label>
  );
}

export function SelectFilter(props: {
  label: string;
  value: string | undefined;
  onChange: (v: string) => void;
  options: readonly { value: string; label: string }[];
  allLabel: string;
}) {
  return (
    <label className="bo-filter">
      <span>{props.label}</span>
      <select value={props.value ?? ''} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">{props.allLabel}</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function DateFilter(props: { label: string; value: string | undefined; onChange: (v: string) => void }) {
  return (
    <label className="bo-filter">
      <span>{props.label}</span>
      <input type="date" value={props.value ?? ''} onChange={(e) => props.onChange(e.target.value)} />
    </label>
  );
}
