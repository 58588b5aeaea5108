import { isMuted } from '@messenger/core';
import { builder } from '../../graphql/builder';
import { viewerOf } from '../../graphql/errors';
import { ThreadInterface } from '../social-graph/schema-thread';
import { ThreadStateType } from '../messaging/schema-types';
import { leaveGroup } from './leave';
import { deleteForViewer, markUnread, setArchived, setMute } from './service';

/*
 * A viewer's own settings of a conversation in GraphQL: the thread's
 * muted_until and is_muted (by the server's clock), and the mutations of the
 * conversation menu. Each answers the thread as the viewer now sees it and
 * sends it to the viewer's other devices (thread_updated).
 */

builder.interfaceField(ThreadInterface, 'muted_until', (t) =>
  t.float({
    nullable: true,
    description:
      'Until when the viewer muted the conversation (milliseconds; 253402300799999: until unmuted).',
    resolve: (m) => m.row.muted_until,
  }),
);

builder.interfaceField(ThreadInterface, 'is_muted', (t) =>
  t.boolean({
    description: 'Muted now, by the server clock: no beep, no sound, not in unread counts.',
    resolve: (m, _a, ctx) => isMuted(m.row.muted_until, ctx.app.clock),
  }),
);

builder.mutationField('set_thread_mute', (t) =>
  t.field({
    type: ThreadStateType,
    description: "Mutes for the viewer: mute '1h', '8h', '24h' or 'forever'; null unmutes.",
    authScopes: { authenticated: true },
    args: { thread_id: t.arg.id({ required: true }), mute: t.arg.string() },
    resolve: (_root, args, ctx) =>
      setMute(ctx.app, viewerOf(ctx), { thread_id: args.thread_id, mute: args.mute ?? null }),
  }),
);

builder.mutationField('set_thread_archived', (t) =>
  t.field({
    type: ThreadStateType,
    description: 'Archives (leaves the inbox for the Archived view) or unarchives, for the viewer.',
    authScopes: { authenticated: true },
    args: {
      thread_id: t.arg.id({ required: true }),
      archived: t.arg.boolean({ required: true }),
    },
    resolve: (_root, args, ctx) => setArchived(ctx.app, viewerOf(ctx), args),
  }),
);

builder.mutationField('mark_thread_unread', (t) =>
  t.field({
    type: ThreadStateType,
    description: "Moves the viewer's read mark before the newest message from someone else.",
    authScopes: { authenticated: true },
    args: { thread_id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => markUnread(ctx.app, viewerOf(ctx), args),
  }),
);

builder.mutationField('delete_thread_for_you', (t) =>
  t.boolean({
    description: 'Deletes the conversation and its history so far for the viewer only.',
    authScopes: { authenticated: true },
    args: { thread_id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await deleteForViewer(ctx.app, viewerOf(ctx), args);
      return true;
    },
  }),
);

builder.mutationField('leave_thread', (t) =>
  t.boolean({
    description:
      'Leaves a group: the others see "{name} left the group"; one-to-ones cannot be left.',
    authScopes: { authenticated: true },
    args: { thread_id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await leaveGroup(ctx.app, viewerOf(ctx), args);
      return true;
    },
  }),
);
