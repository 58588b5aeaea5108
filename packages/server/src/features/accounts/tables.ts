/** Tables of sessions and the seed's logged endpoints (owned by the accounts feature). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the accounts feature
export interface AccountTables {}
