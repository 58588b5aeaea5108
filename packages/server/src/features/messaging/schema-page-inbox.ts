import { MESSAGING_LIMITS } from '@messenger/core';
import { z } from 'zod';
import { builder } from '../../graphql/builder';
import { badArgument, parseArgs, viewerOf } from '../../graphql/errors';
import { idArg } from '../../graphql/ids';
import {
  connectionOf,
  cursorArg,
  decodeCursor,
  encodeCursor,
  firstArg,
} from '../../graphql/paging';
import { pageModel, pageThreadModel, type ThreadModel } from '../social-graph/models';
import { pagesByIds } from '../social-graph/pages-repo';
import { PageType } from '../social-graph/schema-nodes';
import { ThreadConnection } from '../social-graph/schema-viewer';
import { pageThreadListPage, type ThreadListKey } from '../social-graph/threads-repo';
import { withSyncTables } from '../../storage/tables/sync';
import { requirePageAdmin } from './page-service';

const pageInboxArgs = z.object({
  page_id: idArg,
  first: firstArg(MESSAGING_LIMITS.threadListPage),
  after: cursorArg,
});

/**
 * The page inbox: a page's threads as `MessageThread`s read as the page (its
 * unread counts, titles without the page), for the page's admins only, so the
 * web client shows them with the thread list's own rows.
 */
builder.queryField('page_inbox', (t) =>
  t.field({
    type: ThreadConnection,
    description:
      "A page's conversations, most recent activity first, as the page sees them; for its admins.",
    authScopes: { authenticated: true },
    args: { page_id: t.arg.id({ required: true }), first: t.arg.int(), after: t.arg.string() },
    resolve: async (_root, rawArgs, ctx) => {
      const args = parseArgs(pageInboxArgs, rawArgs);
      const viewer = viewerOf(ctx);
      await ctx.app.db.read((db) => requirePageAdmin(withSyncTables(db), viewer, args.page_id));
      const kind = `page-inbox-${args.page_id}`;
      let after: ThreadListKey | null = null;
      if (args.after != null) {
        const match = /^(\d{1,16}):(\d{1,32})$/.exec(decodeCursor(kind, args.after));
        if (match === null) throw badArgument('after', 'not a cursor of this list');
        after = { at: Number(match[1]), id: match[2] ?? '' };
      }
      const rows = await pageThreadListPage(ctx.app.db, args.page_id, args.first + 1, after);
      const edges = rows.slice(0, args.first).map((row) => ({
        cursor: encodeCursor(kind, `${row.last_activity_at}:${row.id}`),
        node: pageThreadModel(row, args.page_id),
      }));
      return connectionOf<ThreadModel, (typeof edges)[number]>(
        edges,
        rows.length > args.first,
        after !== null,
      );
    },
  }),
);

/** The page whose inbox is open (its name and face in the inbox's heading), for its admins. */
builder.queryField('administered_page', (t) =>
  t.field({
    type: PageType,
    description: 'A page the viewer administers (`forbidden` for any other, `not_found` for none).',
    authScopes: { authenticated: true },
    args: { page_id: t.arg.id({ required: true }) },
    resolve: async (_root, rawArgs, ctx) => {
      const args = parseArgs(z.object({ page_id: idArg }), rawArgs);
      await ctx.app.db.read((db) =>
        requirePageAdmin(withSyncTables(db), viewerOf(ctx), args.page_id),
      );
      const [row] = await pagesByIds(ctx.app.db, [args.page_id]);
      if (row === undefined) throw new Error(`page ${args.page_id} vanished`);
      return pageModel(row);
    },
  }),
);
