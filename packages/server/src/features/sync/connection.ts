import type { Socket } from 'node:net';
import type { ServerFrame } from '@messenger/core';
import type { WebSocket } from '@fastify/websocket';
import type { DeltaFrameBytes } from './frame-bytes';

export interface TypingRoute {
  /** Who types: the user, or the page they answer for. */
  actorId: string;
  recipients: string[];
  resolvedAt: number;
  /** When "typing" was last passed on (repeats inside the refresh interval are dropped). */
  sentAt: number;
}

export type ConnectionPhase = 'awaiting_hello' | 'replaying' | 'live' | 'closed';

/**
 * After a close frame, how long a peer that does not answer keeps its socket:
 * a slow consumer reads its backlog and then sees the close code (4008), as
 * long as it does so within this (ws's own close timeout, which only starts
 * once the frame is written: never, for a stalled peer).
 */
const CLOSE_GRACE_MS = 30_000;

/**
 * One socket of one user. Kept small (an idle socket should cost a few KB):
 * everything shared by a user's sockets lives in the hub's channel instead.
 */
export class SyncConnection {
  phase: ConnectionPhase = 'awaiting_hello';
  /** Every delta up to this seq has been handed to the socket. */
  sentSeq = 0;
  /** Cleared at each heartbeat, set by any pong or frame: still clear at the next one means dead. */
  alive = true;
  /** Which tick of the heartbeat interval pings this socket (hub.ts spreads them). */
  heartbeatSlot = 0;
  pumping = false;
  /** Its frames are held until the end of this turn (turn-corker.ts). */
  corked = false;
  /** Said hello: counted in its user's channel and presence. */
  joined = false;
  /** Closed because its session ended (logout): its user goes OFFLINE without the reload grace. */
  sessionEnded = false;
  /** The client's own report of its user's attention. */
  attention: 'active' | 'idle' = 'active';
  lastActivityAt: number;
  /** Threads this socket said it is typing in, with who hears it; told "stopped" when it goes. */
  typingIn: Map<string, TypingRoute> | null = null;
  helloTimer: NodeJS.Timeout | null = null;
  /** The hello's device_id (one tab), or one made up: call signals are routed to it. */
  deviceId = '';
  /**
   * No extension was negotiated (none is offered), so frames made here are
   * what ws would write; settled by the handshake, before the socket is ours.
   */
  private readonly plainFrames: boolean;

  constructor(
    readonly ws: WebSocket,
    readonly userId: string,
    /** The session that opened the socket (its hash): when it ends, the socket closes. */
    readonly sessionHash: string,
    now: number,
  ) {
    this.lastActivityAt = now;
    this.plainFrames = ws.extensions === '';
  }

  /** A method, not a getter: callers re-check it after every await. */
  isOpen(): boolean {
    return this.phase !== 'closed' && this.ws.readyState === this.ws.OPEN;
  }

  sendText(text: string): void {
    if (this.isOpen()) this.ws.send(text);
  }

  send(frame: ServerFrame): void {
    this.sendText(JSON.stringify(frame));
  }

  /**
   * A frame made once for every socket of the user (frame-bytes.ts), written
   * to the TCP socket as it is. ws writes uncompressed frames straight to the
   * same socket too, so the order of frames holds; with an extension
   * negotiated, ws frames it instead.
   */
  sendFrameBytes(frame: DeltaFrameBytes): void {
    if (!this.isOpen()) return;
    const socket = tcpSocketOf(this.ws);
    if (socket === undefined || !this.plainFrames) {
      this.ws.send(frame.bytes.subarray(frame.bodyOffset), { binary: false });
      return;
    }
    socket.write(frame.bytes);
  }

  /** Closes with `code`; a peer that does not complete the close handshake is cut loose. */
  close(code: number, reason: string): void {
    if (this.phase === 'closed') return;
    this.phase = 'closed';
    if (this.helloTimer !== null) clearTimeout(this.helloTimer);
    this.ws.close(code, reason);
    const ws = this.ws;
    setTimeout(() => {
      if (ws.readyState !== ws.CLOSED) ws.terminate();
    }, CLOSE_GRACE_MS).unref();
  }
}

/**
 * ws keeps the TCP socket private; without it frames go through ws. Fenced:
 * `ws` is pinned to an exact version in package.json, and
 * test/sync/frame-bytes.test.ts fails if this stops finding the socket
 * (live.test.ts, if an extension is ever negotiated).
 */
export function tcpSocketOf(ws: WebSocket): Socket | undefined {
  const socket = (ws as unknown as { _socket?: Socket | null })._socket ?? undefined;
  return socket === undefined || socket.destroyed ? undefined : socket;
}
