import type { Db } from '../../storage/db';
import type { FunnelLogBatch } from '@messenger/core';

/** Seed section 7: funnel logs go to the logging channel named funnel_analytics. */
export const FUNNEL_CHANNEL = 'funnel_analytics';

export interface StoredBatch {
  stored: number;
  /** True when this batch_id was already stored: nothing new was written. */
  duplicate: boolean;
}

/**
 * One transaction: claim the batch id, then write every record. A retry of the
 * same batch finds the claim and writes nothing, even when both race (the
 * primary key serializes them).
 */
export async function storeFunnelBatch(
  db: Db,
  personId: string,
  batch: FunnelLogBatch,
  now: number,
): Promise<StoredBatch> {
  return db.transact(async (trx) => {
    const claim = await trx
      .insertInto('funnel_batches')
      .values({
        person_id: personId,
        batch_id: batch.batch_id,
        record_count: batch.records.length,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['person_id', 'batch_id']).doNothing())
      .executeTakeFirst();
    if (claim.numInsertedOrUpdatedRows === 0n) return { stored: 0, duplicate: true };
    await trx
      .insertInto('funnel_logs')
      .values(
        batch.records.map((record) => ({
          person_id: personId,
          batch_id: batch.batch_id,
          channel: FUNNEL_CHANNEL,
          name: record.name,
          instance_id: record.instance_id,
          start_time: record.start_time,
          sampling_rate: record.sampling_rate,
          timeout_sec: record.timeout_sec,
          end_reason: record.end_reason,
          tags: JSON.stringify(record.tags),
          actions: JSON.stringify(record.actions),
          created_at: now,
        })),
      )
      .execute();
    return { stored: batch.records.length, duplicate: false };
  });
}
