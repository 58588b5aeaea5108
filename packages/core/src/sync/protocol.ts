/**
 * The sync socket's wire protocol, version 1 (DESIGN.md section 2).
 *
 * Transport: one WebSocket at `/sync`, authenticated by the session cookie
 * (no session: the server closes with 4401). Every frame is one JSON text
 * message with a `type`.
 *
 * The delta log: every change a user must see is a *delta* in that user's own
 * log, numbered 1, 2, 3... without gaps (`seq`). The server writes a change
 * and the deltas describing it in one transaction, so a committed message is
 * in every recipient's log, and nothing is in a log that was not committed.
 *
 * Session:
 *  1. The client sends `hello {protocol: 1, last_seq}` with the last seq it
 *     applied (0 if none; after a fresh load, the `sync_seq` read together
 *     with the data, so nothing is missed between the read and the socket).
 *  2. The server sends every delta after `last_seq` in order (`delta {seq,
 *     delta}`), then `ready {seq}`, then live deltas as they commit.
 *     When `last_seq` is older than the retained window (the server keeps a
 *     bounded number of days and deltas per user) or ahead of the head, it
 *     sends `resync_required {reason, seq}` instead of the replay: the client
 *     refetches through the API and continues from `seq`; `ready` follows.
 *  3. The client applies each delta once: a seq not above its last is a
 *     duplicate and is dropped; a seq beyond last + 1 is a gap, and the
 *     client reconnects with its last seq so the replay fills it.
 *  4. `ack {seq}` tells the server this device stored everything up to `seq`:
 *     messages among them become *delivered* for their senders.
 *
 * Ephemeral frames carry no seq and are never replayed: `typing` (expires by
 * itself after `expires_in_ms`), `presence` (a friend's status changed),
 * `pong`, `error`. Client `presence {state}` reports the user's attention.
 *
 * Calls (calls/wire.ts): a client sends `call_action {request_id, action,
 * call_id, ...}` (start, answer, reject, hangup, join, invite) and gets
 * `call_result {request_id, call | error, ice_servers}`. Every change of a
 * call is written with a `call_updated {call}` delta for each person of the
 * thread, so every device of each participant learns it (and rings). WebRTC
 * signalling travels as `call_signal {call_id, to_device, payload}`: the
 * server relays it, ephemeral, to exactly that device (its hello's
 * `device_id`) as `call_signal {call_id, from_user, from_device, payload}`,
 * across nodes through the bus; only devices in the call may send or get it.
 * `call_media {call_id, muted, camera_off}` tells the call's other joined
 * devices this participant's microphone and camera (relayed as `call_media
 * {call_id, from_user, from_device, muted, camera_off}`); it was added to
 * version 1 compatibly: older clients ignore a frame they cannot parse.
 *
 * Liveness: the server pings at the WebSocket level every 25 s and drops a
 * socket that missed a whole interval. A socket that cannot keep up (its
 * send buffer over the bound, or too far behind) is closed with 4008 without
 * holding up anyone else; it reconnects and resumes from its last seq.
 */
export const SYNC_PROTOCOL_VERSION = 1;

export const SYNC_PATH = '/sync';

/** WebSocket close codes the server uses (4000-4999 are the application's). */
export const SYNC_CLOSE = {
  /** Server restart or shutdown: reconnect. */
  goingAway: 1001,
  /** Something failed on the server: reconnect with backoff. */
  internal: 1011,
  /** Too slow: the send buffer passed its bound. Reconnect and resume. */
  slowConsumer: 4008,
  /** A malformed frame, no hello in time, or a frame before hello. */
  protocolError: 4400,
  /** No live session: log in first; reconnecting does not help. */
  unauthenticated: 4401,
  /** The page's origin is not this site. */
  forbiddenOrigin: 4403,
  /** The client speaks another protocol version: reload the app. */
  unsupportedProtocol: 4406,
} as const;

/** Close codes after which reconnecting cannot succeed. */
export const SYNC_FATAL_CLOSE_CODES: ReadonlySet<number> = new Set([
  SYNC_CLOSE.unauthenticated,
  SYNC_CLOSE.forbiddenOrigin,
  SYNC_CLOSE.unsupportedProtocol,
]);

export const SYNC_TIMING = {
  /** Server WebSocket ping interval; a socket silent for a whole interval is dropped. */
  heartbeatMs: 25_000,
  /** A socket that sends no hello within this is closed (4400). */
  helloTimeoutMs: 10_000,
  /** How long a typing indicator stays up without a refresh. */
  typingExpiryMs: 6_000,
  /** Client reconnect backoff: base × 2^(attempt-1), capped, plus jitter. */
  reconnectBaseMs: 500,
  reconnectMaxMs: 30_000,
} as const;
