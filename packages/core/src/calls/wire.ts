import { z } from 'zod';
import { PARTICIPANT_STATES } from './participant-state';

/**
 * Calls on the sync socket (protocol.ts): the server's view of a call, pushed
 * as `call_updated` deltas to every participant of the thread, and the
 * client's call actions and signalling frames.
 */

const id = z.string().regex(/^\d{1,32}$/, 'Expected an id of digits.');
const millis = z.number().int().nonnegative();
/** A device (one tab's sync socket) as its hello named it. */
export const deviceIdSchema = z.string().min(1).max(64);

export const CALL_KINDS = ['voice', 'video'] as const;
export const CALL_STATUSES = ['ringing', 'active', 'ended'] as const;
export type WireCallStatus = (typeof CALL_STATUSES)[number];

export const wireCallParticipantSchema = z.object({
  user_id: id,
  name: z.string(),
  state: z.enum(PARTICIPANT_STATES),
  /** The device that answered or joined; null while not in the media session. */
  device_id: deviceIdSchema.nullable(),
});
export type WireCallParticipant = z.infer<typeof wireCallParticipantSchema>;

export const wireCallSchema = z.object({
  call_id: id,
  thread_id: id,
  kind: z.enum(CALL_KINDS),
  initiator_id: id,
  status: z.enum(CALL_STATUSES),
  started_at: millis,
  connected_at: millis.nullable(),
  ended_at: millis.nullable(),
  /** The server's limits, so every client's call reducer decides as the server does. */
  max_participants: z.number().int().min(2),
  ring_timeout_ms: z.number().int().positive(),
  participants: z.array(wireCallParticipantSchema),
});
export type WireCall = z.infer<typeof wireCallSchema>;

export const CALL_ACTIONS = ['start', 'answer', 'reject', 'hangup', 'join', 'invite'] as const;
export type CallAction = (typeof CALL_ACTIONS)[number];

/** One call action; the server answers with `call_result` carrying the same request_id. */
export const callActionFrameSchema = z.object({
  type: z.literal('call_action'),
  request_id: z.string().min(1).max(64),
  action: z.enum(CALL_ACTIONS),
  call_id: id,
  /** start: the thread the call belongs to. */
  thread_id: id.optional(),
  /** start. */
  kind: z.enum(CALL_KINDS).optional(),
  /** start and invite: whom to ring (start: default every other person of the thread). */
  user_ids: z.array(id).max(250).optional(),
  /** Ring people the caller blocked too (the picker warned about them). */
  ring_blocked: z.boolean().optional(),
});
export type CallActionFrame = z.infer<typeof callActionFrameSchema>;

/** WebRTC signalling, opaque to the server: a session description or an ICE candidate. */
export const callSignalPayloadSchema = z.union([
  z.object({
    description: z.object({
      type: z.enum(['offer', 'answer', 'pranswer', 'rollback']),
      sdp: z.string().max(60_000),
    }),
  }),
  z.object({
    candidate: z
      .object({
        candidate: z.string().max(2_000),
        sdpMid: z.string().max(64).nullable().optional(),
        sdpMLineIndex: z.number().int().nonnegative().nullable().optional(),
        usernameFragment: z.string().max(256).nullable().optional(),
      })
      .nullable(),
  }),
]);
export type CallSignalPayload = z.infer<typeof callSignalPayloadSchema>;

export const callSignalFrameSchema = z.object({
  type: z.literal('call_signal'),
  call_id: id,
  to_device: deviceIdSchema,
  payload: callSignalPayloadSchema,
});

/**
 * A participant's own microphone and camera, told to the others in the call
 * (their tiles show the face while the camera is off, and a muted mark).
 * Ephemeral like signalling: sent on every change and again whenever someone
 * joins, so a late joiner learns it too. Added to protocol 1 without a new
 * version: a client that does not know the frame ignores it (it fails to parse
 * and is reported, never applied), and the server answers it from a device
 * that is not in the call with `error not_in_call`.
 */
export const callMediaFrameSchema = z.object({
  type: z.literal('call_media'),
  call_id: id,
  muted: z.boolean(),
  camera_off: z.boolean(),
});
export type CallMediaFrame = z.infer<typeof callMediaFrameSchema>;

/** Relayed to every other participant's device in the call. */
export const callMediaServerFrameSchema = z.object({
  type: z.literal('call_media'),
  call_id: id,
  from_user: id,
  from_device: deviceIdSchema,
  muted: z.boolean(),
  camera_off: z.boolean(),
});

export const ICE_SERVER_SCHEMA = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type WireIceServer = z.infer<typeof ICE_SERVER_SCHEMA>;

export const callResultFrameSchema = z.object({
  type: z.literal('call_result'),
  request_id: z.string().min(1).max(64),
  call: wireCallSchema.optional(),
  /** STUN/TURN servers from the server's configuration (none by default). */
  ice_servers: z.array(ICE_SERVER_SCHEMA).optional(),
  error: z
    .object({ code: z.string(), message: z.string(), field: z.string().optional() })
    .optional(),
});

/** Relayed to exactly one device: `from_device` is where to answer. */
export const callSignalServerFrameSchema = z.object({
  type: z.literal('call_signal'),
  call_id: id,
  from_user: id,
  from_device: deviceIdSchema,
  payload: callSignalPayloadSchema,
});

/** Participant states that hold a place in the media session. */
export function isJoinedState(state: WireCallParticipant['state']): boolean {
  return state === 'connecting' || state === 'connected';
}
