/**
 * Texts of the member centre that only its lazy page shows (`centre.*`, merged into the first page's section when
 * the centre loads: i18n/areas/centre.ts).
 */
export const centreEn = {
  agentOnly: {
    text: 'The agent centre is for agents: they invite players, follow their team and earn commission.',
    how: 'Your account is a member account. To become an agent, ask customer service; once your account is an agent account, these pages open for you.',
    join: 'Become an agent',
    back: 'Back to the member centre',
  },
};
