/** The back office's path of a member's page (members are named by their account, as in the API and the audit). */
export const memberPath = (account: string) => `/members/${encodeURIComponent(account)}`;
