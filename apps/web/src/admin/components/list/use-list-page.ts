import { useState } from 'react';
import { formatAmount } from '../../lib/format.ts';

/**
 * Which row's dialog is open: none (null), a new item's ('new') or an item's. `dialogItem` is what the dialog takes
 * (undefined for a new one).
 */
export function useEditing<T>() {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  return {
    editing,
    open: editing !== null,
    dialogItem: editing === 'new' || editing === null ? undefined : editing,
    edit: (item: T) => setEditing(() => item),
    create: () => setEditing('new'),
    close: () => setEditing(null),
  };
}

/**
 * A settings list's answer (`{ list, exponent, currency }`): its items (none until loaded), the merchant's currency
 * and exponent, and `money` to show a minor-unit amount in it.
 */
export function listData<T>(data: { list: T[]; exponent: number; currency: string } | undefined) {
  const exponent = data?.exponent ?? 2;
  const currency = data?.currency ?? '';
  return {
    items: data?.list ?? [],
    exponent,
    currency,
    money: (minor: string) => formatAmount(minor, exponent, currency),
  };
}
