import {
  gameModel,
  pageModel,
  type GameModel,
  type GameRow,
  type PageModel,
  type PageRow,
} from '../social-graph/models';
import { storesOf } from '../../storage/stores';
import { PAGE_COLUMNS } from '../social-graph/pages-repo';
import type { ViewerScope } from '../social-graph/scope';
import type { PageCategory } from '../../storage/tables/network';
import { nameCondition } from './name-sql';
import { matchesNothing, rankMatches, type SearchQuery } from './query';

/** Candidates read per category: pages are few next to people, but a query may be broad. */
const CANDIDATES = 200;

export interface PageSearchOptions {
  category: PageCategory;
  limit: number;
  /** messenger_commerce: only pages that sell through Messenger. */
  commerceOnly?: boolean;
  excludeIds?: ReadonlySet<string>;
}

/**
 * Pages of one category matched by name: core triage, then pages the viewer
 * has written to (most recent first), verified pages, then by name.
 */
export async function searchPages(
  scope: ViewerScope,
  query: SearchQuery,
  options: PageSearchOptions,
): Promise<PageModel[]> {
  if (matchesNothing(query)) return [];
  const search = storesOf(scope.db).search;
  const [rows, recent] = await scope.db.read((k) => {
    let q = k
      .selectFrom('pages')
      .select(PAGE_COLUMNS)
      .where('pages.category', '=', options.category)
      .where(nameCondition(search, 'pages.name_flat', query));
    if (options.commerceOnly === true) q = q.where('pages.commerce', '=', 1);
    return Promise.all([
      q.orderBy('pages.name_flat').orderBy('pages.id').limit(CANDIDATES).execute(),
      k
        .selectFrom('thread_participants as me')
        .innerJoin('thread_participants as page', 'page.thread_id', 'me.thread_id')
        .innerJoin('threads as t', 't.id', 'me.thread_id')
        .select(['page.participant_id', 't.last_activity_at'])
        .where('me.participant_id', '=', scope.viewer.id)
        .where('page.participant_kind', '=', 'page')
        .execute(),
    ]);
  });
  const lastWritten = new Map<string, number>();
  for (const r of recent) {
    const at = r.last_activity_at;
    if ((lastWritten.get(r.participant_id) ?? -Infinity) < at)
      lastWritten.set(r.participant_id, at);
  }
  const candidates = rows.filter((r) => !(options.excludeIds?.has(r.id) ?? false));
  const compare = (a: PageRow, b: PageRow): number => {
    const ta = lastWritten.get(a.id) ?? -Infinity;
    const tb = lastWritten.get(b.id) ?? -Infinity;
    if (ta !== tb) return tb > ta ? 1 : -1;
    if (a.verified !== b.verified) return b.verified - a.verified;
    return a.name_flat < b.name_flat ? -1 : a.name_flat > b.name_flat ? 1 : 0;
  };
  return rankMatches(query, candidates, (p) => ({ name: p.name }), compare)
    .slice(0, options.limit)
    .map(pageModel);
}

/** Instant games matched by name (shown when a page search asks include_games). */
export async function searchGames(
  scope: ViewerScope,
  query: SearchQuery,
  limit: number,
  excludeIds?: ReadonlySet<string>,
): Promise<GameModel[]> {
  if (matchesNothing(query)) return [];
  const search = storesOf(scope.db).search;
  const rows: GameRow[] = await scope.db.read((k) =>
    k
      .selectFrom('games')
      .select(['id', 'name', 'name_flat'])
      .where(nameCondition(search, 'games.name_flat', query))
      .orderBy('name_flat')
      .orderBy('id')
      .limit(CANDIDATES)
      .execute(),
  );
  const byName = (a: GameRow, b: GameRow): number =>
    a.name_flat < b.name_flat ? -1 : a.name_flat > b.name_flat ? 1 : 0;
  return rankMatches(
    query,
    rows.filter((r) => !(excludeIds?.has(r.id) ?? false)),
    (g) => ({ name: g.name }),
    byName,
  )
    .slice(0, limit)
    .map(gameModel);
}
