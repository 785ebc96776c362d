/**
 * The left navigation: only the screens that exist, each shown to a staff member holding one of its permissions
 * (the server checks the same). Dashboard, Members, Games, Lottery, Agents, Content and Settings join here as their
 * screens are built.
 */
export interface NavItem {
  /** i18n key of the label. */
  label: string;
  path: string;
  /** Any of these permissions shows the entry. */
  anyOf: readonly string[];
}
export interface NavGroup {
  label: string;
  items: readonly NavItem[];
}

export const NAV: readonly NavGroup[] = [
  {
    label: 'nav.payments',
    items: [
      { label: 'nav.deposits', path: '/payments/deposits', anyOf: ['payments.view'] },
      { label: 'nav.withdrawals', path: '/payments/withdrawals', anyOf: ['payments.view'] },
      {
        label: 'nav.adjustments',
        path: '/payments/adjustments',
        anyOf: ['payments.view'],
      },
    ],
  },
  {
    label: 'nav.staffRoles',
    items: [
      { label: 'nav.staff', path: '/staff', anyOf: ['staff.view'] },
      { label: 'nav.roles', path: '/staff/roles', anyOf: ['staff.view'] },
      { label: 'nav.staffSettings', path: '/staff/settings', anyOf: ['staff.view'] },
    ],
  },
  { label: 'nav.audit', items: [{ label: 'nav.auditLog', path: '/audit', anyOf: ['audit.view'] }] },
];

/** The groups and entries this staff member may open (groups left empty are dropped). */
export function navFor(can: (p: string) => boolean): NavGroup[] {
  return NAV.map((g) => ({ ...g, items: g.items.filter((i) => i.anyOf.some(can)) })).filter((g) => g.items.length);
}
