import {
  broadcastInputSchema,
  recipientOfflineId,
  type BroadcastKind,
  type WireMessage,
} from '@messenger/core';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../errors';
import type { Viewer } from '../accounts/viewer';
import type { ViewerScope } from '../social-graph/scope';
import { directThread, type DirectRestriction } from './direct-service';
import { parseInput } from './input';
import { blocked, sendMessage } from './send-service';

export interface BroadcastDelivery {
  recipientId: string;
  message: WireMessage;
  /** False when a retry found this recipient's message already sent. */
  created: boolean;
}

export interface BroadcastResult {
  kind: BroadcastKind;
  deliveries: BroadcastDelivery[];
}

/** The error send_message would give for this recipient, named after their place in the list. */
function refusal(field: string, restriction: DirectRestriction): AppError {
  switch (restriction) {
    case 'self':
      return badRequest(field, 'You cannot message yourself.');
    case 'not_found':
      return new AppError('not_found', 'There is no such person or page.', field);
    case 'memorialized':
      return new AppError('forbidden', 'This account is memorialized.', field);
    case 'blocked':
      return blocked(field, 'You cannot message this person.');
    case 'blocking':
      return blocked(field, 'You blocked this person; unblock them to write.');
  }
}

/**
 * Broadcast and share: the same text to each recipient's one-to-one thread,
 * through send_message's own path (a first message creates the thread). Every
 * recipient is checked before the first send, so one refused recipient stops
 * the broadcast with nothing sent. Each send is idempotent by its derived
 * offline_threading_id: retrying a broadcast that failed halfway sends only
 * what is missing.
 */
export async function broadcastMessage(
  ctx: AppContext,
  viewer: Viewer,
  scope: ViewerScope,
  raw: unknown,
): Promise<BroadcastResult> {
  const input = parseInput(broadcastInputSchema, raw);
  for (const [index, recipientId] of input.recipient_ids.entries()) {
    const { restriction } = await directThread(scope, recipientId);
    if (restriction !== null) throw refusal(`recipient_ids[${String(index)}]`, restriction);
  }
  const deliveries: BroadcastDelivery[] = [];
  for (const [index, recipientId] of input.recipient_ids.entries()) {
    const sent = await sendMessage(ctx, viewer, {
      recipient_id: recipientId,
      text: input.text,
      offline_threading_id: recipientOfflineId(input.offline_threading_id, index),
      entry_point: input.kind,
    });
    deliveries.push({ recipientId, message: sent.message, created: sent.created });
  }
  return { kind: input.kind, deliveries };
}
