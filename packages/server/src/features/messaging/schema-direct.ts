import { z } from 'zod';
import { builder } from '../../graphql/builder';
import { parseArgs } from '../../graphql/errors';
import { idArg } from '../../graphql/ids';
import { scopeOf } from '../social-graph/schema-scope';
import { threadModel } from '../social-graph/models';
import { ThreadInterface, ThreadParticipantUnion } from '../social-graph/schema-thread';
import { directThread, type DirectLookup } from './direct-service';

/*
 * `direct_thread(user_id)`: what a `/t/{userId}` permalink opens. The
 * conversation itself is then read through message_thread / thread_state.
 */

const DirectRestrictionEnum = builder.enumType('DirectThreadRestriction', {
  description: 'Why the viewer cannot write to this person (send_message refuses it alike).',
  values: ['self', 'not_found', 'memorialized', 'blocked', 'blocking'] as const,
});

const DirectThreadType = builder.objectRef<DirectLookup>('DirectThread').implement({
  fields: (t) => ({
    user_id: t.exposeID('userId'),
    thread: t.field({
      type: ThreadInterface,
      nullable: true,
      description: 'The existing one-to-one thread; null until the first message creates it.',
      resolve: (d) => (d.thread === null ? null : threadModel(d.thread)),
    }),
    recipient: t.field({
      type: ThreadParticipantUnion,
      nullable: true,
      description: 'The person or page the permalink names; null when there is none.',
      resolve: (d) => d.recipient,
    }),
    restriction: t.field({
      type: DirectRestrictionEnum,
      nullable: true,
      description: 'Null when the viewer may write to them.',
      resolve: (d) => d.restriction,
    }),
  }),
});

const directArgs = z.object({ user_id: idArg });

builder.queryField('direct_thread', (t) =>
  t.field({
    type: DirectThreadType,
    description: "The viewer's one-to-one conversation with a person or page (`/t/{userId}`).",
    authScopes: { authenticated: true },
    args: { user_id: t.arg.id({ required: true }) },
    resolve: (_root, rawArgs, ctx) => {
      const args = parseArgs(directArgs, rawArgs);
      return directThread(scopeOf(ctx), args.user_id);
    },
  }),
);
