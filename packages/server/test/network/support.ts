import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Network } from '@messenger/core';
import type { Db } from '../../src/storage/db';
import type { NetworkTables } from '../../src/storage/tables/network';

export const EXAMPLE_NETWORK_PATH = fileURLToPath(
  new URL('../../../../../shared/fixtures/example-network.json', import.meta.url),
);

/**
 * A fresh copy of the example network file. Typed as a validated network for
 * convenience: the optional keys it leaves out (folders, nicknames...) read undefined.
 */
export function loadExample(): Network {
  return JSON.parse(readFileSync(EXAMPLE_NETWORK_PATH, 'utf8')) as Network;
}

/** The example with `people[index].account` set to a kind the format does not have. */
export function exampleWithBadAccount(index: number): Network {
  const file = loadExample();
  const person = file.people[index];
  if (!person) throw new Error(`the example has no people[${String(index)}]`);
  (person as { account: string }).account = 'business';
  return file;
}

/** Every table of the network feature, in an order the dump compares. */
export const NETWORK_TABLES: readonly (keyof NetworkTables)[] = [
  'companies',
  'people',
  'friendships',
  'contacts',
  'blocks',
  'pages',
  'page_admins',
  'games',
  'threads',
  'thread_participants',
  'messages',
  'settings',
];

/** Every row of every network table, each table sorted by all its columns. */
export async function dumpTables(db: Db): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of NETWORK_TABLES) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      db.kysely,
    );
    out[table] = rows.rows.map((row) => JSON.stringify(row, Object.keys(row).sort())).sort();
  }
  return out;
}

export async function rowCount(db: Db, table: keyof NetworkTables): Promise<number> {
  const result = await sql<{
    n: number | string;
  }>`select count(*) as n from ${sql.table(table)}`.execute(db.kysely);
  return Number(result.rows[0]?.n ?? 0);
}

/** Unordered pairs listed in a file, each once. */
export function uniquePairCount(pairs: readonly [string, string][]): number {
  return new Set(pairs.map(([a, b]) => (a < b ? `${a} ${b}` : `${b} ${a}`))).size;
}
