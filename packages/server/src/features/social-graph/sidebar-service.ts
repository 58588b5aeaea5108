import { formatBuddy, type PresenceStatus } from '@messenger/core';
import type { PresenceStore } from '../presence/store';
import { buddyList } from './friends-service';
import {
  pageModel,
  threadModel,
  type PageModel,
  type PersonModel,
  type ThreadModel,
} from './models';
import { adminedPages, pagesByIds, unreadThreadCounts, viewerPageThreads } from './pages-repo';
import type { ViewerScope } from './scope';
import { allViewerThreads } from './threads-repo';

/** Groups shown in the sidebar: the bootstrap page size. */
export const SIDEBAR_GROUPS_MAX = 100;
/** Recent pages and people-you-may-message entries. */
export const SIDEBAR_LIST_MAX = 10;

export interface AdminedPageEntry {
  page: PageModel;
  badgingCount: number;
}

/** The chat sidebar preload of seed 3. */
export interface SidebarPreload {
  buddies: string[];
  groups: ThreadModel[];
  shortProfiles: PersonModel[];
  nearby: PersonModel[];
  adminedPages: AdminedPageEntry[];
  marketplaceThreads: ThreadModel[];
  pageListModule: PageModel[];
  pymmList: PersonModel[];
  recentPageList: string[];
  profiles: PageModel[];
}

export async function sidebarPreload(
  scope: ViewerScope,
  presence: PresenceStore,
): Promise<SidebarPreload> {
  const [buddies, threads, admined, pageThreads, circle] = await Promise.all([
    buddyList(scope),
    allViewerThreads(scope.db, scope.viewer.id),
    adminedPages(scope.db, scope.viewer.id),
    viewerPageThreads(scope.db, scope.viewer.id),
    scope.circle(),
  ]);

  const statuses = presence.getMany(buddies.map((b) => b.row.id));
  const buddyIds = buddies.map((b) =>
    formatBuddy(b.row.id, statuses.get(b.row.id) ?? ('OFFLINE' satisfies PresenceStatus)),
  );

  const groups = threads
    .filter((t) => t.kind === 'group' && t.folder === 'INBOX')
    .slice(0, SIDEBAR_GROUPS_MAX)
    .map(threadModel);

  const recentPageIds = [...new Set(pageThreads.map((t) => t.page_id))];
  const pageRows = await pagesByIds(scope.db, recentPageIds);
  const pageById = new Map(pageRows.map((p) => [p.id, p]));
  const recentPages = recentPageIds
    .map((id) => pageById.get(id))
    .filter((p) => p !== undefined)
    .slice(0, SIDEBAR_LIST_MAX)
    .map(pageModel);

  const commerceThreadIds = new Set(
    pageThreads.filter((t) => pageById.get(t.page_id)?.commerce === 1).map((t) => t.thread_id),
  );
  const marketplaceThreads = threads.filter((t) => commerceThreadIds.has(t.id)).map(threadModel);

  const badges = await unreadThreadCounts(
    scope.db,
    admined.map((p) => p.id),
  );

  // People the viewer may message: friends and coworkers with no conversation yet.
  const pymmList = buddies
    .filter((b) => b.relation !== 'non_friend' && !circle.directThreads.has(b.row.id))
    .slice(0, SIDEBAR_LIST_MAX);

  const profiles = new Map<string, PageModel>();
  for (const page of [...admined.map(pageModel), ...recentPages]) profiles.set(page.row.id, page);

  return {
    buddies: buddyIds,
    groups,
    shortProfiles: buddies,
    // The network format carries no locations, so nobody is ever nearby.
    nearby: [],
    adminedPages: admined.map((row) => ({
      page: pageModel(row),
      badgingCount: badges.get(row.id) ?? 0,
    })),
    marketplaceThreads,
    pageListModule: recentPages,
    pymmList,
    recentPageList: recentPages.map((p) => p.row.id),
    profiles: [...profiles.values()],
  };
}
