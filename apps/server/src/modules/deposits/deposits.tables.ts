/** Kysely types of the deposits module's tables (merged into DB in db/schema.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DepositsTables {}
