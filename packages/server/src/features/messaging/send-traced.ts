import type { AppContext } from '../../context';
import { toWireError } from '../../errors';
import type { Viewer } from '../accounts/viewer';
import { endSendTrace, startSendTrace } from '../observability/tracing';
import { sendMessage, type SentMessage } from './send-service';

/**
 * sendMessage inside a `send_message` root span when tracing is on (the
 * GraphQL mutation; the socket's door times its own, from the frame's arrival).
 */
export async function sendMessageTraced(
  ctx: AppContext,
  viewer: Viewer,
  raw: unknown,
): Promise<SentMessage> {
  if (ctx.tracing === undefined) return sendMessage(ctx, viewer, raw);
  const trace = startSendTrace(ctx.tracing, 'graphql');
  try {
    const sent = await sendMessage(ctx, viewer, raw, trace);
    endSendTrace(trace, sentOutcome(sent));
    return sent;
  } catch (error) {
    endSendTrace(trace, { errorCode: toWireError(error).body.error.code });
    throw error;
  }
}

export const sentOutcome = (
  sent: SentMessage,
): { messageId: string; threadId: string; created: boolean } => ({
  messageId: sent.message.id,
  threadId: sent.message.thread_id,
  created: sent.created,
});
