import type { Db } from '../../storage/db';

export async function writePersonSetting(
  db: Db,
  personId: string,
  key: string,
  value: unknown,
  now: number,
): Promise<void> {
  const json = JSON.stringify(value);
  await db.transact((trx) =>
    trx
      .insertInto('person_settings')
      .values({ person_id: personId, key, value: json, updated_at: now })
      .onConflict((oc) =>
        oc.columns(['person_id', 'key']).doUpdateSet({ value: json, updated_at: now }),
      )
      .execute(),
  );
}

export async function readPersonSetting(db: Db, personId: string, key: string): Promise<unknown> {
  const row = await db.read((k) =>
    k
      .selectFrom('person_settings')
      .select('value')
      .where('person_id', '=', personId)
      .where('key', '=', key)
      .executeTakeFirst(),
  );
  if (row === undefined) return undefined;
  try {
    return JSON.parse(row.value) as unknown;
  } catch {
    return undefined;
  }
}
