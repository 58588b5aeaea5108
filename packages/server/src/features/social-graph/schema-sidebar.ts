import { PAGE_SIZES } from '@messenger/core';
import { builder } from '../../graphql/builder';
import { maxItems } from '../../graphql/complexity';
import { scopeOf } from './schema-scope';
import { pageModel, type ThreadModel } from './models';
import { adminedPages, unreadThreadCounts } from './pages-repo';
import { MessagingUserInterface, PageType } from './schema-nodes';
import {
  participantsOf,
  ThreadInterface,
  ThreadParticipantUnion,
  threadTitleOf,
} from './schema-thread';
import { ViewerType } from './schema-viewer';
import {
  SIDEBAR_GROUPS_MAX,
  SIDEBAR_LIST_MAX,
  sidebarPreload,
  type AdminedPageEntry,
  type SidebarPreload,
} from './sidebar-service';
import { userUri } from './uris';

/** Pixel size of the page image the sidebar shows. */
const ADMINED_PAGE_IMAGE_SIZE = 32;

const AdminedPageType = builder.objectRef<AdminedPageEntry>('AdminedPage').implement({
  fields: (t) => ({
    id: t.id({ resolve: (e) => e.page.row.id }),
    name: t.string({ resolve: (e) => e.page.row.name }),
    uri: t.string({ nullable: true, resolve: (e) => userUri(e.page.row.id) }),
    imgSrc: t.string({ nullable: true, resolve: () => null }),
    imgSize: t.int({ resolve: () => ADMINED_PAGE_IMAGE_SIZE }),
    /** Unread threads of the page (the client caps the badge at 9). */
    badgingCount: t.int({ resolve: (e) => e.badgingCount }),
  }),
});

/** Seed 3 group thread entry: uid, text, mercury_thread, participants_to_render. */
const SidebarGroupType = builder.objectRef<ThreadModel>('SidebarGroupEntry').implement({
  fields: (t) => ({
    uid: t.id({ resolve: (m) => m.row.id }),
    text: t.string({ resolve: (m, _a, ctx) => threadTitleOf(ctx, m) }),
    mercury_thread: t.field({ type: ThreadInterface, resolve: (m) => m }),
    participants_to_render: t.field({
      type: [ThreadParticipantUnion],
      resolve: async (m, _a, ctx) => (await participantsOf(ctx, m.row.id)).map((p) => p.node),
    }),
  }),
});

const SidebarPreloadType = builder.objectRef<SidebarPreload>('ChatSidebarPreload').implement({
  fields: (t) => ({
    /** `<id>-<ACTIVE|IDLE|OFFLINE>` per buddy (core formatBuddy). */
    buddies: t.exposeStringList('buddies'),
    groups: t.field({
      complexity: maxItems(SIDEBAR_GROUPS_MAX),
      type: [SidebarGroupType],
      resolve: (p) => p.groups,
    }),
    shortProfiles: t.field({
      complexity: maxItems(PAGE_SIZES.bootstrap),
      type: [MessagingUserInterface],
      resolve: (p) => p.shortProfiles,
    }),
    nearby: t.field({ type: [MessagingUserInterface], resolve: (p) => p.nearby }),
    adminedPages: t.field({
      complexity: maxItems(SIDEBAR_LIST_MAX),
      type: [AdminedPageType],
      resolve: (p) => p.adminedPages,
    }),
    marketplaceThreads: t.field({
      complexity: maxItems(SIDEBAR_LIST_MAX),
      type: [ThreadInterface],
      resolve: (p) => p.marketplaceThreads,
    }),
    pageListModule: t.field({
      complexity: maxItems(SIDEBAR_LIST_MAX),
      type: [PageType],
      resolve: (p) => p.pageListModule,
    }),
    pymmList: t.field({
      complexity: maxItems(SIDEBAR_LIST_MAX),
      type: [MessagingUserInterface],
      resolve: (p) => p.pymmList,
    }),
    recentPageList: t.exposeStringList('recentPageList'),
    profiles: t.field({
      complexity: maxItems(2 * SIDEBAR_LIST_MAX),
      type: [PageType],
      resolve: (p) => p.profiles,
    }),
  }),
});

builder.objectField(ViewerType, 'chat_sidebar_preload', (t) =>
  t.field({
    type: SidebarPreloadType,
    resolve: (_v, _a, ctx) => sidebarPreload(scopeOf(ctx), ctx.presence),
  }),
);

/**
 * The pages the viewer administers with their badges alone: the sidebar keeps
 * its admined_pages badges live by reading this (cheap) again after deltas,
 * rather than the whole preload.
 */
builder.objectField(ViewerType, 'admined_pages', (t) =>
  t.field({
    complexity: maxItems(SIDEBAR_LIST_MAX),
    type: [AdminedPageType],
    resolve: async (v, _a, ctx) => {
      const db = scopeOf(ctx).db;
      const rows = await adminedPages(db, v.id);
      const badges = await unreadThreadCounts(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({ page: pageModel(row), badgingCount: badges.get(row.id) ?? 0 }));
    },
  }),
);
