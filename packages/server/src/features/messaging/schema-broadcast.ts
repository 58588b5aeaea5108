import { BROADCAST_KINDS } from '@messenger/core';
import { builder } from '../../graphql/builder';
import { viewerOf } from '../../graphql/errors';
import { scopeOf } from '../social-graph/schema-scope';
import {
  broadcastMessage,
  type BroadcastDelivery,
  type BroadcastResult,
} from './broadcast-service';
import { MessageType } from './schema-types';

/*
 * `broadcast_message`: one text to several people, each in their own
 * one-to-one thread (broadcast and share, seed section 2).
 */

const BroadcastKindEnum = builder.enumType('BroadcastKind', { values: BROADCAST_KINDS });

const BroadcastInput = builder.inputType('BroadcastMessageInput', {
  fields: (t) => ({
    recipient_ids: t.idList({ required: true }),
    text: t.string({ required: true }),
    offline_threading_id: t.string({ required: true }),
    kind: t.field({ type: BroadcastKindEnum }),
  }),
});

const DeliveryType = builder.objectRef<BroadcastDelivery>('BroadcastDelivery').implement({
  fields: (t) => ({
    recipient_id: t.exposeID('recipientId'),
    message: t.field({ type: MessageType, resolve: (d) => d.message }),
    created: t.exposeBoolean('created'),
  }),
});

const BroadcastPayload = builder.objectRef<BroadcastResult>('BroadcastMessagePayload').implement({
  fields: (t) => ({
    kind: t.field({ type: BroadcastKindEnum, resolve: (r) => r.kind }),
    deliveries: t.field({ type: [DeliveryType], resolve: (r) => r.deliveries }),
  }),
});

builder.mutationField('broadcast_message', (t) =>
  t.field({
    type: BroadcastPayload,
    description: 'Sends one text to each recipient in their own one-to-one thread.',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: BroadcastInput, required: true }) },
    resolve: (_root, { input }, ctx) => {
      const { kind, ...rest } = input;
      return broadcastMessage(ctx.app, viewerOf(ctx), scopeOf(ctx), {
        ...rest,
        ...(kind === null || kind === undefined ? {} : { kind }),
      });
    },
  }),
);
