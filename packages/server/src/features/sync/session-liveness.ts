import type { RawData } from 'ws';
import type { Db } from '../../storage/db';

/** Of these session id hashes, those whose session still exists and has not expired. */
export async function liveSessionHashes(
  db: Db,
  hashes: readonly string[],
  now: number,
): Promise<Set<string>> {
  const live = new Set<string>();
  // Batches keep the `in` list within every dialect's bound on parameters.
  for (let i = 0; i < hashes.length; i += 500) {
    const batch = hashes.slice(i, i + 500);
    const rows = await db.read((k) =>
      k
        .selectFrom('sessions')
        .select('id_hash')
        .where('id_hash', 'in', batch)
        .where('expires_at', '>', now)
        .execute(),
    );
    for (const row of rows) live.add(row.id_hash);
  }
  return live;
}

/** A socket message's text, whichever of ws's buffer shapes it came in. */
export function rawText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}
