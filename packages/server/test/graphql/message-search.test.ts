import { flattenName, wordsOf } from '@messenger/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../src/features/accounts/viewer';
import { createViewerScope } from '../../src/features/social-graph/scope';
import {
  searchMessages,
  textMatches,
  type MessageSearchTuning,
} from '../../src/features/search/message-search';
import { prepareQuery } from '../../src/features/search/query';
import { createTestDb, dialectsUnderTest, type TestDb } from '../support/test-db';
import { loadNetwork } from './support';

/**
 * Message search walks either the viewer's history or the full-text index,
 * depending on sizes; every plan must give the same answer, which is checked
 * against the messages table itself.
 */

const VIEWER = '8101';
const OTHER = '8102';
const WORDS = ['lunch', 'keys', 'ferry', 'slides', 'crème', 'brûlée', 'launch', 'lunchbox'];

function network() {
  const people = [VIEWER, OTHER, '8103'].map((id) => ({
    id,
    name: `Person ${id}`,
    short_name: `P${id}`,
    username: `mp.${id}`,
    password: 'pw-message-search',
    account: 'personal',
    gates: ['message_search'],
  }));
  // Six threads of the viewer and six without, interleaved so storage order mixes them.
  const threads = Array.from({ length: 12 }, (_, i) => {
    const mine = i % 2 === 0;
    const participants = mine ? [VIEWER, OTHER] : [OTHER, '8103'];
    return {
      id: String(8200 + i),
      kind: 'one_to_one',
      participants,
      messages: Array.from({ length: 15 }, (_, j) => ({
        from: participants[j % 2],
        text: `${WORDS[(i * 7 + j) % WORDS.length]} and ${WORDS[(i + j * 3) % WORDS.length]} ${j}`,
        at: new Date(Date.UTC(2025, 0, 1 + i, j)).toISOString(),
      })),
    };
  });
  return { format: 'messenger-network/1', people, threads };
}

const viewer: Viewer = {
  id: VIEWER,
  name: `Person ${VIEWER}`,
  short_name: `P${VIEWER}`,
  username: `mp.${VIEWER}`,
  account: 'personal',
  companyId: null,
  companyPrefix: null,
  isEmployee: false,
  isWork: false,
  gates: new Set(['message_search']),
};

const PLANS: Array<[string, MessageSearchTuning]> = [
  ['the viewer history in memory', { viewerScanMax: 10_000, ftsWindow: 2_000 }],
  ['one full-text window', { viewerScanMax: 0, ftsWindow: 2_000 }],
  ['many small full-text windows', { viewerScanMax: 0, ftsWindow: 3 }],
  ['full-text windows, then the history', { viewerScanMax: 0, ftsWindow: 1 }],
];

describe.each(await dialectsUnderTest())('message search plans on %s', (dialect) => {
  let testDb: TestDb;

  beforeAll(async () => {
    testDb = await createTestDb(dialect);
    await loadNetwork(testDb.db, network());
  });
  afterAll(async () => {
    await testDb.dispose();
  });

  /** The truth: the viewer's messages containing every word (as a word prefix), newest stored first. */
  async function expected(query: string, limit: number): Promise<string[]> {
    const rows = await testDb.db.kysely
      .selectFrom('messages')
      .innerJoin('thread_participants', 'thread_participants.thread_id', 'messages.thread_id')
      .select(['messages.rowid', 'messages.id', 'messages.text'])
      .where('thread_participants.participant_id', '=', VIEWER)
      .execute();
    const words = wordsOf(flattenName(query));
    return rows
      .filter((r) => {
        const tokens = wordsOf(flattenName(r.text));
        return words.every((w) => tokens.some((t) => t.startsWith(w)));
      })
      .sort((a, b) => b.rowid - a.rowid)
      .slice(0, limit)
      .map((r) => r.id);
  }

  const queries =
    dialect === 'sqlite'
      ? ['lunch', 'lunch keys', 'ferry sl', 'creme', 'zzz']
      : ['lunch', 'lunch keys', 'ferry sl', 'zzz'];

  describe.each(PLANS)('through %s', (_name, tuning) => {
    it.each(queries)('finds %s', async (q) => {
      const scope = createViewerScope(testDb.db, { now: () => 0 }, viewer);
      for (const limit of [1, 4, 50]) {
        const hits = await searchMessages(scope, prepareQuery(q, false, 'query'), limit, tuning);
        expect(hits.map((h) => h.messageId)).toEqual(await expected(q, limit));
        for (const hit of hits) {
          expect(Number(hit.threadId) % 2).toBe(0);
          expect(textMatches(hit.snippet, wordsOf(flattenName(q)))).toBe(true);
        }
      }
    });
  });

  it('tells word prefixes from substrings', () => {
    expect(textMatches('Lunchbox for two', ['lunch'])).toBe(true);
    expect(textMatches('a launch party', ['lunch'])).toBe(false);
    expect(textMatches('Crème brûlée', ['creme', 'brul'])).toBe(true);
    expect(textMatches('no match here', ['match', 'zz'])).toBe(false);
  });
});
