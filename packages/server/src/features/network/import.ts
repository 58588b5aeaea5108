import {
  describeNetworkProblem,
  validateNetwork,
  type Network,
  type NetworkProblem,
} from '@messenger/core';
import { AppError } from '../../errors';
import type { Db } from '../../storage/db';
import { storesOf } from '../../storage/stores';
import { hashPasswords } from './password-hashes';
import { findPeople, findPeopleByUsername } from './repo';
import type { ImportCounts, ProgressListener } from './import-types';
import { DEFAULT_BULK_INDEX_THRESHOLD, writeNetwork } from './write';

export type { ImportCounts, ImportPhase, ImportProgress, ProgressListener } from './import-types';

export interface ImportOptions {
  /** Creation time of threads the file gives no history for (ms since the epoch). */
  now: number;
  onProgress?: ProgressListener;
  /**
   * SQLite: from this many messages on, the full-text index is rebuilt once
   * after the load instead of being fed row by row (default 10,000).
   */
  bulkIndexThreshold?: number;
}

/** A network file that is refused: `field` is the JSON path of the first problem. */
export class InvalidNetworkError extends AppError {
  constructor(readonly problem: NetworkProblem) {
    super(
      'invalid_network',
      describeNetworkProblem(problem),
      problem.path === '' ? undefined : problem.path,
    );
    this.name = 'InvalidNetworkError';
  }
}

/**
 * Imports a network file (NETWORK_FORMAT.md): validates the whole file first
 * (refused whole, nothing written), hashes the passwords, then writes
 * everything in one transaction, upserting by id. Importing the same file
 * again changes nothing.
 */
export async function importNetwork(
  db: Db,
  json: unknown,
  options: ImportOptions,
): Promise<ImportCounts> {
  const onProgress: ProgressListener = options.onProgress ?? (() => undefined);
  onProgress({ phase: 'validate', done: 0, total: 1 });
  const result = validateNetwork(json);
  if (!result.ok) throw new InvalidNetworkError(result.error);
  const { network } = result;
  onProgress({ phase: 'validate', done: 1, total: 1 });

  const stored = await db.read((k) =>
    findPeople(
      k,
      network.people.map((person) => person.id),
    ),
  );
  const storedById = new Map(stored.map((row) => [row.id, row]));
  await refuseTakenUsernames(db, network);

  const total = network.people.length;
  onProgress({ phase: 'passwords', done: 0, total });
  const hashes = await hashPasswords(
    network.people.map((person) => ({
      password: person.password,
      existingHash: storedById.get(person.id)?.password_hash ?? null,
    })),
    (done) => {
      onProgress({ phase: 'passwords', done, total });
    },
  );

  // People whose username changes are parked first, so usernames can change hands.
  const renamed = network.people
    .filter((person) => {
      const before = storedById.get(person.id);
      return before !== undefined && before.username !== person.username;
    })
    .map((person) => person.id);

  return db.transact((trx) =>
    writeNetwork(trx, storesOf(db).search, network, {
      passwordHashes: hashes,
      renamedPeople: renamed,
      now: options.now,
      onProgress,
      bulkIndexThreshold: options.bulkIndexThreshold ?? DEFAULT_BULK_INDEX_THRESHOLD,
    }),
  );
}

/** A username held by someone the file does not list cannot be given to another person. */
async function refuseTakenUsernames(db: Db, network: Network): Promise<void> {
  const fileIds = new Set(network.people.map((person) => person.id));
  const holders = await db.read((k) =>
    findPeopleByUsername(
      k,
      network.people.map((person) => person.username),
    ),
  );
  const outsiders = new Map(
    holders.filter((row) => !fileIds.has(row.id)).map((row) => [row.username, row.id]),
  );
  if (outsiders.size === 0) return;
  for (const [index, person] of network.people.entries()) {
    const holder = outsiders.get(person.username);
    if (holder === undefined) continue;
    throw new InvalidNetworkError({
      path: `people[${String(index)}].username`,
      message: `${JSON.stringify(person.username)} already belongs to another person (id ${holder})`,
    });
  }
}
