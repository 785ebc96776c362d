/** Kysely types of the wallet module's tables (merged into DB in db/schema.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface WalletTables {}
