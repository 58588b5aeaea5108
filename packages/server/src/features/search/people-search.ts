import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../../storage/database';
import type { SearchIndex, WordBatch } from '../../storage/search-index';
import { storesOf } from '../../storage/stores';
import { compareAffinity, isListable, relationOf } from '../social-graph/circle';
import { personModel, type PersonModel } from '../social-graph/models';
import { PERSON_COLUMNS, type PersonRow } from '../social-graph/people-repo';
import type { ViewerScope } from '../social-graph/scope';
import { nameCondition, prefixCondition } from './name-sql';
import { matchesNothing, rankMatches, type SearchQuery } from './query';

export interface PeopleSearchOptions {
  limit: number;
  excludeIds: ReadonlySet<string>;
  /** Payment-recipient filter (seed 6): only people who can receive money. */
  canViewerSendMoney: boolean;
  /** Work-chat context: only friends and coworkers, nobody outside the viewer's work world. */
  circleOnly: boolean;
}

/** Ids per lookup of circle members (well under SQLite's parameter limit). */
const CIRCLE_CHUNK = 500;
/** Rounds of word-prefix candidates before giving up on filling the limit. */
const MAX_ROUNDS = 5;

type PeopleQuery = SelectQueryBuilder<Database, 'people', PersonRow>;

function basePeople(
  k: Kysely<Database>,
  viewerId: string,
  options: PeopleSearchOptions,
): PeopleQuery {
  let q = k
    .selectFrom('people')
    .select(PERSON_COLUMNS)
    .where('people.memorialized', '=', 0)
    .where('people.id', '<>', viewerId);
  if (options.canViewerSendMoney) q = q.where('people.can_receive_money', '=', 1);
  return q;
}

/**
 * Matching people of the viewer's circle: friends, messenger contacts and
 * everyone they share a thread with (all of them, however many: they outrank
 * strangers), plus people the viewer's alias for them matches. The circle is
 * already loaded, so its ids drive the lookup through the primary key instead
 * of a name scan over everyone.
 */
async function circleMatches(
  k: Kysely<Database>,
  search: SearchIndex,
  scope: ViewerScope,
  query: SearchQuery,
  aliasIds: readonly string[],
  options: PeopleSearchOptions,
): Promise<PersonRow[]> {
  const circle = await scope.circle();
  const ids = [...new Set([...circle.friends, ...circle.contacts, ...circle.lastTalked.keys()])];
  const out: PersonRow[] = [];
  for (let at = 0; at < ids.length; at += CIRCLE_CHUNK) {
    const chunk = ids.slice(at, at + CIRCLE_CHUNK);
    out.push(
      ...(await basePeople(k, scope.viewer.id, options)
        .where('people.id', 'in', chunk)
        .where(nameCondition(search, 'people.name_flat', query))
        .execute()),
    );
  }
  if (aliasIds.length > 0) {
    out.push(
      ...(await basePeople(k, scope.viewer.id, options)
        .where('people.id', 'in', [...aliasIds])
        .execute()),
    );
  }
  return out;
}

/** Coworkers of a work viewer whose name matches, by name (they rank with friends). */
function coworkerMatches(
  k: Kysely<Database>,
  search: SearchIndex,
  scope: ViewerScope,
  query: SearchQuery,
  options: PeopleSearchOptions,
  limit: number,
): Promise<PersonRow[]> {
  const { viewer } = scope;
  if (!viewer.isWork || viewer.companyId === null) return Promise.resolve([]);
  return basePeople(k, viewer.id, options)
    .where('people.company_id', '=', viewer.companyId)
    .where('people.account', '=', 'work')
    .where(nameCondition(search, 'people.name_flat', query))
    .orderBy('people.name_flat')
    .orderBy('people.id')
    .limit(limit)
    .execute();
}

/** One page of word-index candidates after `afterKey` (people rowid on SQLite, id on PostgreSQL). */
function wordCandidates(
  k: Kysely<Database>,
  search: SearchIndex,
  viewerId: string,
  query: SearchQuery,
  options: PeopleSearchOptions,
  afterKey: string | null,
  batchSize: number,
): Promise<WordBatch<PersonRow>> {
  return search.peopleByWords<PersonRow>(k, {
    columns: PERSON_COLUMNS.map((c) => c.replace('people.', 'p.')),
    words: query.words,
    viewerId,
    canReceiveMoneyOnly: options.canViewerSendMoney,
    afterKey,
    limit: batchSize,
  });
}

/**
 * Everyone else: the prefix range in name order (exact and prefix matches are
 * contiguous there), then word-prefix candidates from the word index, batch
 * by batch, until enough of them pass the triage.
 */
async function strangerMatches(
  k: Kysely<Database>,
  search: SearchIndex,
  scope: ViewerScope,
  query: SearchQuery,
  options: PeopleSearchOptions,
  needed: number,
): Promise<PersonRow[]> {
  const viewerId = scope.viewer.id;
  const prefix = await basePeople(k, viewerId, options)
    .where(prefixCondition(search, 'people.name_flat', query))
    .orderBy('people.name_flat')
    .orderBy('people.id')
    .limit(needed)
    .execute();
  const out = [...prefix];
  // Twice what is needed per round: most candidates pass the triage, and a
  // round is cheap only while it stays small.
  const batchSize = Math.max(20, needed * 2);
  let verified = 0;
  let afterKey: string | null = null;
  for (let round = 0; round < MAX_ROUNDS && verified < needed; round += 1) {
    const batch = await wordCandidates(k, search, viewerId, query, options, afterKey, batchSize);
    out.push(...batch.rows);
    verified += rankMatches(
      query,
      batch.rows,
      (p) => ({ name: p.name_flat }),
      () => 0,
    ).length;
    if (batch.lastKey === null) break;
    afterKey = batch.lastKey;
  }
  return out;
}

/**
 * Profile search: core triage on flattened names (and the viewer's alias for
 * a person), then affinity (friends and coworkers, then people the viewer
 * talked with, then everyone else), within the limit.
 */
export async function searchPeople(
  scope: ViewerScope,
  query: SearchQuery,
  options: PeopleSearchOptions,
): Promise<PersonModel[]> {
  if (matchesNothing(query)) return [];
  const circle = await scope.circle();
  const search = storesOf(scope.db).search;
  const aliasIds = [...circle.aliases]
    .filter(
      ([, alias]) =>
        rankMatches(
          query,
          [alias],
          (a) => ({ name: a }),
          () => 0,
        ).length > 0,
    )
    .map(([id]) => id);
  const slack = options.limit + options.excludeIds.size + circle.blocked.size;
  const rows = await scope.db.read(async (k) => {
    const [near, coworkers] = await Promise.all([
      circleMatches(k, search, scope, query, aliasIds, options),
      coworkerMatches(k, search, scope, query, options, slack),
    ]);
    if (options.circleOnly || query.normalized === '') return [...near, ...coworkers];
    const strangers = await strangerMatches(k, search, scope, query, options, slack);
    return [...near, ...coworkers, ...strangers];
  });

  const unique = new Map<string, PersonRow>();
  for (const row of rows) {
    if (unique.has(row.id) || options.excludeIds.has(row.id) || !isListable(circle, row)) continue;
    if (options.circleOnly && relationOf(circle, row) === 'non_friend') continue;
    unique.set(row.id, row);
  }
  const ranked = rankMatches(
    query,
    [...unique.values()],
    (p) => {
      const alias = circle.aliases.get(p.id);
      return { name: p.name, tokens: alias === undefined ? [] : [alias] };
    },
    compareAffinity(circle),
  );
  return ranked.slice(0, options.limit).map((row) => personModel(circle, row));
}
