import type { Locks } from '../locks';

/** One writer: a write transaction already excludes every other (locks.ts). */
export const sqliteLocks: Locks = {
  forUpdate: (query) => query,
  exclusive: () => Promise.resolve(),
};
