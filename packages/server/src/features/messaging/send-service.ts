import { sendMessageInputSchema } from '@messenger/core';
import type { AppContext, SendBatchStats, SentMessage } from '../../context';
import { AppError } from '../../errors';
import type { SendTrace } from '../observability/tracing';
import type { Viewer } from '../accounts/viewer';
import { parseInput } from './input';

export type { SentMessage } from '../../context';

export const blocked = (field: string, message: string): AppError =>
  new AppError('blocked', message, field);

/**
 * send_message: idempotent per (sender, offline_threading_id) — a retry gets
 * the stored message back and writes nothing, not even a delta. The message
 * and every recipient's delta commit in one transaction, shared with the
 * other sends of the moment (send-batcher.ts: group commit).
 */
export async function sendMessage(
  ctx: AppContext,
  viewer: Viewer,
  raw: unknown,
  /** The request's trace, when tracing is on (observability/tracing.ts). */
  trace?: SendTrace,
): Promise<SentMessage> {
  const input = parseInput(sendMessageInputSchema, raw);
  return ctx.sends.send(viewer, input, trace);
}

/** How much batching happened (the group-commit test reads it). */
export function sendBatchStats(ctx: AppContext): SendBatchStats {
  return { ...ctx.sends.stats };
}
