import type { ErrorCode } from '../error-catalogue';
import { z } from 'zod';
import { PRESENCE_STATUSES } from '../search/presence';
import {
  callActionFrameSchema,
  callMediaFrameSchema,
  callMediaServerFrameSchema,
  callResultFrameSchema,
  callSignalFrameSchema,
  callSignalServerFrameSchema,
} from '../calls/wire';
import { deltaSchema, wireMessageSchema } from './deltas';
import { SYNC_PROTOCOL_VERSION } from './protocol';

const id = z.string().regex(/^\d{1,32}$/, 'Expected an id of digits.');
const seq = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const requestId = z.string().min(1).max(64);

export const TYPING_STATES = ['typing', 'stopped'] as const;
export type TypingState = (typeof TYPING_STATES)[number];

/** What a client says about its own user's attention (presence.ts on the server). */
export const CLIENT_PRESENCE_STATES = ['active', 'idle'] as const;
export type ClientPresenceState = (typeof CLIENT_PRESENCE_STATES)[number];

export const helloFrameSchema = z.object({
  type: z.literal('hello'),
  /** Any other number is refused with error `unsupported_protocol` and close 4406. */
  protocol: z.number().int(),
  /** The last seq this device applied; 0 when it has none. */
  last_seq: seq,
  /** Free-form, for logs: which device or tab this is. */
  device_id: z.string().min(1).max(64).optional(),
});

export const clientFrameSchema = z.discriminatedUnion('type', [
  helloFrameSchema,
  /** Every delta up to `seq` is stored on this device: its messages become delivered. */
  z.object({ type: z.literal('ack'), seq: seq.min(1) }),
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('typing'), thread_id: id, state: z.enum(TYPING_STATES) }),
  z.object({ type: z.literal('presence'), state: z.enum(CLIENT_PRESENCE_STATES) }),
  /**
   * send_message over the socket, answered by `send_result` with the same
   * `request_id`. `input` is checked by the server as the GraphQL mutation's
   * input is (so a refusal names its field); one socket's sends are stored in
   * the order they arrive.
   */
  z.object({ type: z.literal('send'), request_id: requestId, input: z.unknown() }),
  /** Start, answer, reject, hang up, join or invite; answered by `call_result` (calls/wire.ts). */
  callActionFrameSchema,
  /** WebRTC signalling for one device of another participant of the call. */
  callSignalFrameSchema,
  /** This participant's microphone and camera, for the others in the call. */
  callMediaFrameSchema,
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;
/** The frames of calls a client sends: actions, signalling and its media state. */
export type CallClientFrame = Extract<
  ClientFrame,
  { type: 'call_action' | 'call_signal' | 'call_media' }
>;
export type HelloFrame = z.infer<typeof helloFrameSchema>;

export const RESYNC_REASONS = ['window_expired', 'ahead_of_head', 'gap'] as const;
export type ResyncReason = (typeof RESYNC_REASONS)[number];

export const SYNC_ERROR_CODES = [
  'bad_frame',
  'unsupported_protocol',
  'hello_required',
  'hello_repeated',
  'ack_ahead',
  'not_participant',
  'not_in_call',
] as const satisfies readonly ErrorCode[];
export type SyncErrorCode = (typeof SYNC_ERROR_CODES)[number];

export const serverFrameSchema = z.discriminatedUnion('type', [
  /** Replay done: every delta up to `seq` was sent; live deltas follow. */
  z.object({ type: z.literal('ready'), seq }),
  z.object({ type: z.literal('delta'), seq: seq.min(1), delta: deltaSchema }),
  /**
   * The log cannot fill the client's gap: refetch through the API, then go on
   * from `seq` (the head at this moment; live deltas after it follow).
   */
  z.object({ type: z.literal('resync_required'), reason: z.enum(RESYNC_REASONS), seq }),
  z.object({ type: z.literal('pong') }),
  /** Ephemeral: shown until `expires_in_ms` passes or a `stopped` frame arrives. */
  z.object({
    type: z.literal('typing'),
    thread_id: id,
    user_id: id,
    state: z.enum(TYPING_STATES),
    expires_in_ms: z.number().int().nonnegative(),
  }),
  /** Ephemeral: a friend's presence changed. */
  z.object({ type: z.literal('presence'), user_id: id, status: z.enum(PRESENCE_STATUSES) }),
  z.object({ type: z.literal('error'), code: z.enum(SYNC_ERROR_CODES), message: z.string() }),
  /** The answer to a `send`: the stored message (`created` false for a retry), or why not. */
  z.object({
    type: z.literal('send_result'),
    request_id: requestId,
    created: z.boolean().optional(),
    message: wireMessageSchema.optional(),
    error: z
      .object({ code: z.string(), message: z.string(), field: z.string().optional() })
      .optional(),
  }),
  /** The answer to a `call_action`: the call as it now is, or why not. */
  callResultFrameSchema,
  /** Ephemeral: signalling from one device of the call, for this device only. */
  callSignalServerFrameSchema,
  /** Ephemeral: another participant's microphone and camera changed (or they re-told it). */
  callMediaServerFrameSchema,
]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;
export type ServerFrameType = ServerFrame['type'];

export type ParsedFrame<T> =
  { ok: true; frame: T } | { ok: false; code: 'bad_frame'; message: string };

function parseWith<T>(schema: z.ZodType<T>, text: string): ParsedFrame<T> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, code: 'bad_frame', message: 'A frame must be one JSON object.' };
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, frame: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue === undefined || issue.path.length === 0 ? 'frame' : issue.path.join('.');
  return { ok: false, code: 'bad_frame', message: `${where}: ${issue?.message ?? 'invalid'}` };
}

/** Server side: a client's text frame, validated. */
export function parseClientFrame(text: string): ParsedFrame<ClientFrame> {
  return parseWith(clientFrameSchema, text);
}

/** Client side: a server's text frame, validated. */
export function parseServerFrame(text: string): ParsedFrame<ServerFrame> {
  return parseWith(serverFrameSchema, text);
}

export function helloFrame(lastSeq: number, deviceId?: string): HelloFrame {
  const frame: HelloFrame = { type: 'hello', protocol: SYNC_PROTOCOL_VERSION, last_seq: lastSeq };
  if (deviceId !== undefined) frame.device_id = deviceId;
  return frame;
}
