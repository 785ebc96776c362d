/** Texts of the VIP page (English); merged into the locale under `vip`. */
export const vipEn = {
  title: 'VIP',
  intro:
    'Your valid bets earn tier points that raise your VIP level at once. Each level brings a level-up reward, weekly and monthly bonuses and a higher rebate.',
  loadError: 'The VIP page could not be loaded.',
  noLevels: 'The VIP programme has no levels yet.',
  yourLevel: 'Your level',
  period: { month: 'This month', quarter: 'This quarter' },
  basis: { tier_points: 'Tier points', deposit: 'Deposits' },
  progressTo: 'Progress to {{name}}',
  toNext: {
    tier_points: '{{amount}} more tier points to reach {{name}}',
    deposit: 'Deposit {{amount}} more to reach {{name}}',
  },
  top: 'You have reached the highest level.',
  keep: {
    tier_points: 'To keep {{name}}, earn {{amount}} tier points by the end of the period, or the level drops by one.',
    deposit: 'To keep {{name}}, deposit {{amount}} by the end of the period, or the level drops by one.',
  },
  rewardsWhere: 'Level-up rewards and bonuses wait in the reward centre.',
  goRewards: 'Go to the reward centre',
  benefits: 'Levels and benefits',
  benefitsCaption: {
    tier_points: 'Thresholds in tier points per period',
    deposit: 'Thresholds in deposits per period',
  },
  level: 'Level',
  threshold: 'To reach',
  keepCol: 'To keep',
  levelUp: 'Level-up reward',
  weekly: 'Weekly bonus',
  monthly: 'Monthly bonus',
  rebate: 'Extra rebate',
  history: 'Level history',
  noHistory: 'No level changes yet.',
  change: { up: 'Up: {{from}} → {{to}}', down: 'Down: {{from}} → {{to}}' },
};
