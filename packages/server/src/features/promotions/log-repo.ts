import type { Db } from '../../storage/db';
import type { PromotionLogParams } from '@messenger/core';

export async function insertPromotionLog(
  db: Db,
  personId: string,
  params: PromotionLogParams,
  now: number,
): Promise<string> {
  const row = await db.transact((trx) =>
    trx
      .insertInto('promotion_logs')
      .values({
        person_id: personId,
        qp_id: params.qp_id,
        qp_action: params.qp_action,
        qp_instance_log_data: JSON.stringify(params.qp_instance_log_data),
        qp_event: params.qp_event ?? null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return String(row.id);
}
