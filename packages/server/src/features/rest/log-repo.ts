import type { Transaction } from 'kysely';
import type { Database } from '../../storage/database';
import type { Db } from '../../storage/db';
import type { BugReportKind } from '../accounts/tables';
import type { BugReport, GroupPurposeParams, PromotionLogParams } from '@messenger/core';

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

/** Written inside the caller's transaction, after it has checked the coworkers. */
export async function insertGroupPurpose(
  trx: Transaction<Database>,
  personId: string,
  params: GroupPurposeParams,
  coworkerIds: readonly string[],
  now: number,
): Promise<string> {
  const row = await trx
    .insertInto('group_purposes')
    .values({
      person_id: personId,
      purpose: params.purpose,
      ref: params.ref,
      name: params.name ?? null,
      community: params.community ?? null,
      coworkers_to_invite: JSON.stringify(coworkerIds),
      back_disallowed: params.back_disallowed ? 1 : 0,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export async function insertBugReport(
  db: Db,
  personId: string,
  kind: BugReportKind,
  report: BugReport,
  now: number,
): Promise<string> {
  const row = await db.transact((trx) =>
    trx
      .insertInto('bug_reports')
      .values({
        person_id: personId,
        kind,
        description: report.description,
        category: report.category ?? null,
        url: report.url ?? null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return String(row.id);
}

/** A network-wide setting (imported from the network file's `settings`), read as JSON. */
export async function readNetworkSetting(db: Db, key: string): Promise<unknown> {
  const row = await db.read((k) =>
    k.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst(),
  );
  if (row === undefined) return undefined;
  try {
    return JSON.parse(row.value) as unknown;
  } catch {
    return undefined;
  }
}
