/** Top navigation: home, one entry per game category, then promotions (labels are nav.<key>). */
export const NAV_ITEMS = [
  { key: 'home', to: '/' },
  { key: 'lottery', to: '/lottery' },
  { key: 'live', to: '/live' },
  { key: 'sports', to: '/sports' },
  { key: 'esports', to: '/esports' },
  { key: 'fish', to: '/fish' },
  { key: 'rng', to: '/rng' },
  { key: 'pvp', to: '/pvp' },
  { key: 'cockfight', to: '/cockfight' },
  { key: 'hot', to: '/hot' },
  { key: 'promotions', to: '/promotions' },
] as const;
