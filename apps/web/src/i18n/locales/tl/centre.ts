import type { centreEn } from '../centre.ts';

/** The member centre's lazy texts in TL (Tagalog). */
export const centreTl: typeof centreEn = {
  agentOnly: {
    text: 'Para sa mga agent ang agent centre: nag-iimbita sila ng player, sinusubaybayan ang kanilang team at kumikita ng komisyon.',
    how: 'Member account ang iyong account. Para maging agent, magtanong sa customer service; kapag agent account na ang iyong account, mabubuksan mo na ang mga pahinang ito.',
    join: 'Maging agent',
    back: 'Bumalik sa member centre',
  },
};

export default centreTl;
