/** Kysely types of the withdrawals module's tables (merged into DB in db/schema.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface WithdrawalsTables {}
