import type { Kysely } from 'kysely';
import { flattenName, type Network } from '@messenger/core';
import type { Database } from '../../storage/database';
import type { SearchIndex } from '../../storage/search-index';
import type { ImportCounts, ProgressListener } from './import-types';
import {
  deletePersonRelations,
  insertRelations,
  parkUsernames,
  upsertCompanies,
  upsertGames,
  upsertPages,
  upsertPeople,
  upsertSetting,
} from './repo';
import {
  clearThreadContents,
  countMessages,
  threadCreationTimes,
  upsertMessages,
  upsertThreads,
} from './thread-repo';
import { BATCH_SIZE } from './upsert-sql';
import {
  batches,
  messageRows,
  participantRows,
  personRow,
  threadRow,
  threadTimes,
  uniqueOrderedPairs,
  uniquePairs,
} from './rows';
import type { ThreadParticipantTable, ThreadTable } from '../../storage/tables/network';

export interface WriteInput {
  /** One per person, in file order. */
  passwordHashes: readonly string[];
  /** People whose stored username differs from the file's. */
  renamedPeople: readonly string[];
  now: number;
  onProgress: ProgressListener;
  bulkIndexThreshold: number;
}

/**
 * Below this many messages the FTS triggers index rows as they come; above
 * it (and when the file is a good part of all messages) one rebuild is faster.
 */
export const DEFAULT_BULK_INDEX_THRESHOLD = 10_000;

/** Writes a validated network inside the caller's transaction. */
export async function writeNetwork(
  trx: Kysely<Database>,
  search: SearchIndex,
  network: Network,
  input: WriteInput,
): Promise<ImportCounts> {
  const { onProgress } = input;
  await upsertCompanies(trx, network.companies);

  const people = network.people;
  await parkUsernames(trx, input.renamedPeople);
  let done = 0;
  await upsertPeople(
    trx,
    people.map((person, i) => personRow(person, input.passwordHashes[i] ?? '')),
    (count) => {
      done += count;
      onProgress({ phase: 'people', done, total: people.length });
    },
  );

  const relationCounts = await writeRelations(trx, network, onProgress);
  await writePagesAndGames(trx, network, onProgress);
  await writeThreads(trx, network, input.now, onProgress);
  const messages = await writeMessages(trx, search, network, input);
  await upsertSetting(
    trx,
    'allow_external_bug_reports',
    network.settings.allow_external_bug_reports,
  );

  return {
    companies: network.companies.length,
    people: people.length,
    ...relationCounts,
    pages: network.pages.length,
    games: network.games.length,
    threads: network.threads.length,
    messages,
  };
}

async function writeRelations(
  trx: Kysely<Database>,
  network: Network,
  onProgress: ProgressListener,
): Promise<Pick<ImportCounts, 'friendships' | 'contacts' | 'blocks'>> {
  await deletePersonRelations(
    trx,
    network.people.map((person) => person.id),
  );
  const friendships = uniquePairs(network.friendships);
  const contacts = uniquePairs(network.contacts);
  const blocks = uniqueOrderedPairs(network.blocks);
  const total = 2 * friendships.length + 2 * contacts.length + blocks.length;
  let done = 0;
  const step = (count: number): void => {
    done += count;
    onProgress({ phase: 'relations', done, total });
  };
  onProgress({ phase: 'relations', done, total });
  await insertRelations(
    trx,
    'friendships',
    friendships.flatMap(([a, b]) => [
      { person_id: a, friend_id: b },
      { person_id: b, friend_id: a },
    ]),
    step,
  );
  await insertRelations(
    trx,
    'contacts',
    contacts.flatMap(([a, b]) => [
      { person_id: a, contact_id: b },
      { person_id: b, contact_id: a },
    ]),
    step,
  );
  await insertRelations(
    trx,
    'blocks',
    blocks.map(([blocker, blocked]) => ({ blocker_id: blocker, blocked_id: blocked })),
    step,
  );
  return { friendships: friendships.length, contacts: contacts.length, blocks: blocks.length };
}

async function writePagesAndGames(
  trx: Kysely<Database>,
  network: Network,
  onProgress: ProgressListener,
): Promise<void> {
  const total = network.pages.length + network.games.length;
  onProgress({ phase: 'pages', done: 0, total });
  await upsertPages(
    trx,
    network.pages.map((page) => ({
      id: page.id,
      name: page.name,
      name_flat: flattenName(page.name),
      category: page.category,
      verified: page.verified ? 1 : 0,
      commerce: page.commerce ? 1 : 0,
    })),
  );
  await insertRelations(
    trx,
    'page_admins',
    network.pages.flatMap((page) =>
      page.admins.map((admin) => ({ page_id: page.id, person_id: admin })),
    ),
  );
  await upsertGames(
    trx,
    network.games.map((game) => ({
      id: game.id,
      name: game.name,
      name_flat: flattenName(game.name),
    })),
  );
  onProgress({ phase: 'pages', done: total, total });
}

async function writeThreads(
  trx: Kysely<Database>,
  network: Network,
  now: number,
  onProgress: ProgressListener,
): Promise<void> {
  const withHistory: ThreadTable[] = [];
  const withoutHistory: ThreadTable[] = [];
  for (const thread of network.threads) {
    const times = threadTimes(thread);
    if (times) withHistory.push(threadRow(thread, times));
    else withoutHistory.push(threadRow(thread, { created_at: now, last_activity_at: now }));
  }
  const participants = network.threads.reduce((sum, t) => sum + t.participants.length, 0);
  const total = network.threads.length + participants;
  let done = 0;
  const step = (count: number): void => {
    done += count;
    onProgress({ phase: 'threads', done, total });
  };
  onProgress({ phase: 'threads', done, total });
  await upsertThreads(trx, withHistory, true, step);
  await upsertThreads(trx, withoutHistory, false, step);
  await clearThreadContents(
    trx,
    network.threads.map((thread) => thread.id),
  );

  // A thread without history keeps the creation time it got when first imported.
  const created = await threadCreationTimes(
    trx,
    withoutHistory.map((row) => row.id),
  );
  for (const row of withHistory) created.set(row.id, row.created_at);
  const pageIds = new Set(network.pages.map((page) => page.id));
  for (const batch of batches(network.threads, BATCH_SIZE)) {
    const rows: ThreadParticipantTable[] = batch.flatMap((thread) =>
      participantRows(thread, pageIds, created.get(thread.id) ?? now),
    );
    await insertRelations(trx, 'thread_participants', rows, step);
  }
}

async function writeMessages(
  trx: Kysely<Database>,
  { bulkLoad }: SearchIndex,
  network: Network,
  { onProgress, bulkIndexThreshold }: WriteInput,
): Promise<number> {
  const total = network.threads.reduce((sum, thread) => sum + thread.messages.length, 0);
  const bulk =
    bulkLoad !== undefined &&
    total >= bulkIndexThreshold &&
    total * 4 >= (await countMessages(trx));
  if (bulk) await bulkLoad.suspend(trx);
  let done = 0;
  onProgress({ phase: 'messages', done, total });
  for (const batch of batches(messageRows(network), BATCH_SIZE)) {
    await upsertMessages(trx, batch);
    done += batch.length;
    onProgress({ phase: 'messages', done, total });
  }
  if (bulk) {
    onProgress({ phase: 'search-index', done: 0, total: 1 });
    await bulkLoad.rebuild(trx);
    onProgress({ phase: 'search-index', done: 1, total: 1 });
  }
  return total;
}
