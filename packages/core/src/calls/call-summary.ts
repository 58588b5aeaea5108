import { z } from 'zod';
import type { MessageDescriptor, MessageValues } from '../i18n';
import type { CallState } from './call-types';
import { CoreError } from '../errors';
import { formatDefaultMessage } from '../i18n';
import { CALL_END_REASONS } from './call-types';
import { callSummaryMessages as m } from './messages';

/** What a client sends when its call ends; the thread shows a line built from it. */
export const callSummarySchema = z.object({
  callId: z.string().min(1),
  kind: z.enum(['voice', 'video']),
  direction: z.enum(['outgoing', 'incoming']),
  reason: z.enum(CALL_END_REASONS),
  /** null when media never connected: the call was missed. */
  durationMs: z.number().int().nonnegative().nullable(),
});

export type CallSummary = z.infer<typeof callSummarySchema>;

export type EndedCall = Extract<CallState, { status: 'ended' }>;

export function toCallSummary(call: EndedCall): CallSummary {
  return {
    callId: call.callId,
    kind: call.kind,
    direction: call.direction,
    reason: call.reason,
    durationMs: call.connectedAt === null ? null : Math.max(0, call.endedAt - call.connectedAt),
  };
}

export interface LocalizedMessage {
  descriptor: MessageDescriptor;
  values: MessageValues;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Whole units, rounded down: 59 999 ms is '59 sec', 60 000 ms is '1 min'. */
export function formatCallDuration(ms: number): LocalizedMessage {
  if (!Number.isFinite(ms) || ms < 0) {
    throw new CoreError('invalid_call_duration', 'A call duration must be a non-negative number');
  }
  if (ms < MINUTE) return { descriptor: m.seconds, values: { seconds: Math.floor(ms / SECOND) } };
  if (ms < HOUR) return { descriptor: m.minutes, values: { minutes: Math.floor(ms / MINUTE) } };
  const hours = Math.floor(ms / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  return minutes === 0
    ? { descriptor: m.hours, values: { hours } }
    : { descriptor: m.hoursMinutes, values: { hours, minutes } };
}

export interface CallSummaryLine {
  label: MessageDescriptor;
  /** Shown after the label as 'label · duration' (messages.withDuration). */
  duration: LocalizedMessage | null;
}

/**
 * A call that connected shows its kind and length ('Video call · 3 min'); one that
 * never connected is missed on both sides, whatever the reason ('Missed voice call').
 */
export function callSummaryLine(summary: CallSummary): CallSummaryLine {
  const video = summary.kind === 'video';
  if (summary.durationMs === null) {
    return { label: video ? m.missedVideoCall : m.missedVoiceCall, duration: null };
  }
  return {
    label: video ? m.videoCall : m.voiceCall,
    duration: formatCallDuration(summary.durationMs),
  };
}

/** English text of a summary line, for tests and non-React callers. */
export function formatCallSummaryLine(line: CallSummaryLine): string {
  const label = formatDefaultMessage(line.label);
  if (line.duration === null) return label;
  return formatDefaultMessage(m.withDuration, {
    label,
    duration: formatDefaultMessage(line.duration.descriptor, line.duration.values),
  });
}
