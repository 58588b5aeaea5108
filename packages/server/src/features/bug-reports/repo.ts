import type { Db } from '../../storage/db';
import type { BugReportKind } from '../../storage/tables/accounts';
import type { BugReport } from '@messenger/core';

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
