import { sql } from 'kysely';
import type { Locks } from '../locks';

export const postgresLocks: Locks = {
  forUpdate: (query) => query.forUpdate(),
  exclusive: async (trx, key) => {
    await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
  },
};
