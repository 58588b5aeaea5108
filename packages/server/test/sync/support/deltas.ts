import type { Delta } from '@messenger/core';
import type { Kysely } from 'kysely';
import {
  readDeltaPlan,
  readPayloads,
  type StoredDelta,
} from '../../../src/features/sync/delta-log';
import type { Database } from '../../../src/storage/database';

/** A small delta numbered n, for tests of the log itself. */
export const receipt = (n: number): Delta => ({
  kind: 'read_receipt',
  thread_id: '1',
  user_id: '2',
  seq: n,
});

/** A user's deltas after `afterSeq`, oldest first, at most `limit`: as a replay reads them. */
export async function readDeltas(
  k: Kysely<Database>,
  userId: string,
  afterSeq: number,
  limit: number,
): Promise<StoredDelta[]> {
  const plan = await readDeltaPlan(k, userId, afterSeq);
  return readPayloads(
    k,
    plan.slice(0, limit).map((ref) => ref.id),
  );
}
