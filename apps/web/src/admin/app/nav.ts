/**
 * The left navigation: only the screens that exist, each shown to a staff member holding one of its permissions
 * (the server checks the same).
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
  { label: 'dashboard.navGroup', items: [{ label: 'dashboard.title', path: '/dashboard', anyOf: ['dashboard.view'] }] },
  {
    label: 'members.navGroup',
    items: [
      { label: 'members.title', path: '/members', anyOf: ['members.view'] },
      { label: 'kyc.nav', path: '/kyc', anyOf: ['members.kyc'] },
    ],
  },
  {
    label: 'nav.payments',
    items: [
      { label: 'nav.deposits', path: '/payments/deposits', anyOf: ['payments.view'] },
      { label: 'nav.withdrawals', path: '/payments/withdrawals', anyOf: ['payments.view'] },
      { label: 'nav.adjustments', path: '/payments/adjustments', anyOf: ['payments.view'] },
      { label: 'methods.nav', path: '/payments/methods', anyOf: ['payments.view'] },
    ],
  },
  {
    label: 'games.nav.group',
    items: [
      { label: 'games.nav.vendors', path: '/games/vendors', anyOf: ['games.view'] },
      { label: 'games.nav.categories', path: '/games/categories', anyOf: ['games.view'] },
      { label: 'games.nav.games', path: '/games', anyOf: ['games.view'] },
      { label: 'games.nav.rounds', path: '/games/rounds', anyOf: ['games.view'] },
      { label: 'tables.nav', path: '/games/tables', anyOf: ['games.view'] },
    ],
  },
  {
    label: 'lottery.nav.group',
    items: [
      { label: 'lottery.nav.issues', path: '/lottery/issues', anyOf: ['lottery.view'] },
      { label: 'lottery.nav.games', path: '/lottery/games', anyOf: ['lottery.view'] },
      { label: 'lottery.nav.shortfalls', path: '/lottery/shortfalls', anyOf: ['lottery.view'] },
      { label: 'lottery.nav.chains', path: '/lottery/chains', anyOf: ['lottery.view'] },
    ],
  },
  {
    label: 'agents.nav.group',
    items: [
      { label: 'agents.nav.tree', path: '/agents', anyOf: ['agents.view'] },
      { label: 'agents.nav.contracts', path: '/agents/contracts', anyOf: ['agents.view'] },
      { label: 'agents.nav.settlements', path: '/agents/settlements', anyOf: ['agents.view'] },
      { label: 'agents.nav.rates', path: '/agents/rebate-rates', anyOf: ['agents.view'] },
    ],
  },
  {
    // Content (issues 22 and 24): what members read, and the site's banners, notices and popups.
    label: 'content.nav.group',
    items: [
      { label: 'content.nav.promotions', path: '/content/promotions', anyOf: ['content.view'] },
      { label: 'content.nav.messages', path: '/content/messages', anyOf: ['content.view'] },
      { label: 'content.nav.announcements', path: '/content/announcements', anyOf: ['content.view'] },
      { label: 'nav.banners', path: '/content/banners', anyOf: ['content.view'] },
      { label: 'nav.notices', path: '/content/notices', anyOf: ['content.view'] },
      { label: 'nav.popups', path: '/content/popups', anyOf: ['content.view'] },
    ],
  },
  {
    // Rewards (issue 23): the engagement engine's settings, the mall's orders and the review of bonus claims.
    label: 'rewards.nav.group',
    items: [
      { label: 'rewards.nav.missions', path: '/rewards/missions', anyOf: ['rewards.view'] },
      { label: 'rewards.nav.prizes', path: '/rewards/leaderboard-prizes', anyOf: ['rewards.view'] },
      { label: 'rewards.nav.points', path: '/rewards/points-rules', anyOf: ['rewards.view'] },
      { label: 'rewards.nav.mall', path: '/rewards/mall', anyOf: ['rewards.view'] },
      { label: 'rewards.nav.orders', path: '/rewards/mall-orders', anyOf: ['rewards.view'] },
      { label: 'vip.nav.levels', path: '/rewards/vip-levels', anyOf: ['rewards.view'] },
      { label: 'rewards.nav.claims', path: '/rewards/bonus-claims', anyOf: ['members.view'] },
      { label: 'cashbackAdmin.nav', path: '/rewards/cashback', anyOf: ['rewards.view'] },
      { label: 'raffleAdmin.nav', path: '/rewards/raffles', anyOf: ['rewards.view'] },
      { label: 'rewards.nav.applications', path: '/rewards/activity-applications', anyOf: ['members.view'] },
      { label: 'referralAdmin.navSettings', path: '/rewards/referral', anyOf: ['rewards.view'] },
      { label: 'referralAdmin.navQueue', path: '/rewards/referrals', anyOf: ['rewards.view'] },
    ],
  },
  { label: 'nav.feedback', items: [{ label: 'nav.feedbackInbox', path: '/feedback', anyOf: ['feedback.view'] }] },
  { label: 'chatMod.navGroup', items: [{ label: 'chatMod.title', path: '/chat', anyOf: ['chat.view'] }] },
  { label: 'site.nav.group', items: [{ label: 'site.nav.settings', path: '/settings', anyOf: ['settings.view'] }] },
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
