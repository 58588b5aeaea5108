import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  SYNC_CLOSE,
  SYNC_PROTOCOL_VERSION,
  parseClientFrame,
  type CallClientFrame,
  type ClientFrame,
  type HelloFrame,
  type ResyncReason,
} from '@messenger/core';
import type { WebSocket } from '@fastify/websocket';
import type { RawData } from 'ws';
import type { Clock } from '@messenger/core';
import type { Logger } from '../../logger';
import type { Db } from '../../storage/db';
import type { BusMessage, SyncBus } from './bus';
import { SyncConnection } from './connection';
import { readLogState, type DeltaNote } from './delta-log';
import type { SyncOptions } from './options';
import { encodeDeltaFrame, PayloadBytes } from './frame-bytes';
import type { MessengerMetrics } from '../observability/messenger-metrics';
import type { Tracing } from '../observability/tracing';
import { DeliveryTrace } from './delivery-trace';
import { DeltaPump, trimRecent, type UserChannel } from './pump';
import { liveSessionHashes, rawText } from './session-liveness';
import { TurnCorker } from './turn-corker';

/**
 * The heartbeat interval is cut into ticks of about this long; each pings its
 * share of the sockets. A ping is a write of its own (a syscall, which on
 * loopback also runs the peer's side): with the interval cut in ten, 10,000
 * sockets on two nodes made a tick 500 pings, a stall of the node's event
 * loop every 2.5 s, which sends then waited out.
 */
const HEARTBEAT_TICK_MS = 100;

/**
 * What the hub hands on. Presence, typing, sends, delivery acks and calls live
 * in their own features and join with `hub.listen` (the composition root,
 * runtime.ts, wires them): the transport constructs none of them.
 */
export interface HubListener {
  connected?(conn: SyncConnection): void;
  /** The socket caught up (after `ready`). */
  ready?(conn: SyncConnection): void;
  activity?(conn: SyncConnection): void;
  disconnected?(conn: SyncConnection): void;
  typing?(conn: SyncConnection, frame: Extract<ClientFrame, { type: 'typing' }>): void;
  ack?(conn: SyncConnection, seq: number): void;
  send?(conn: SyncConnection, frame: Extract<ClientFrame, { type: 'send' }>): void;
  call?(conn: SyncConnection, frame: CallClientFrame): void;
}

export interface HubDeps {
  db: Db;
  bus: SyncBus;
  logger: Logger;
  clock: Clock;
  options: SyncOptions;
  metrics?: MessengerMetrics | undefined;
  /** Set only while tracing is on: traced bus messages get delivery spans (delivery-trace.ts). */
  tracing?: Tracing | undefined;
}

/**
 * The sync sockets of this node: the hello handshake (replay, resync), client
 * frames, heartbeats, session checks, and the users' channels that bus notes
 * feed. Sending the log itself is the pump's (pump.ts).
 */
export class SyncHub {
  private readonly channels = new Map<string, UserChannel>();
  private readonly connections = new Set<SyncConnection>();
  /** The sockets of each heartbeat tick (`SyncConnection.heartbeatSlot`). */
  private readonly heartbeatSlots: Set<SyncConnection>[];
  private readonly heartbeat: NodeJS.Timeout;
  private readonly sessionCheck: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  /** In the order they joined: each event reaches them in that order. */
  private readonly listeners: HubListener[] = [];
  private closed = false;
  private readonly pumper: DeltaPump;
  private readonly corker = new TurnCorker();
  private beats = 0;
  private accepted = 0;

  constructor(private readonly deps: HubDeps) {
    this.pumper = new DeltaPump({
      db: deps.db,
      logger: deps.logger,
      options: deps.options,
      close: (conn, code, reason) => {
        this.closeConn(conn, code, reason);
      },
      ready: (conn) => {
        for (const l of this.listeners) l.ready?.(conn);
      },
      pushed: (count) => {
        deps.metrics?.deltasPushed.inc(count);
      },
    });
    this.unsubscribe = deps.bus.subscribe((message) => {
      this.onBus(message);
    });
    const slots = Math.max(1, Math.round(deps.options.heartbeatMs / HEARTBEAT_TICK_MS));
    this.heartbeatSlots = Array.from({ length: slots }, () => new Set<SyncConnection>());
    this.heartbeat = setInterval(
      () => {
        this.beat();
      },
      Math.max(1, Math.floor(deps.options.heartbeatMs / slots)),
    );
    this.heartbeat.unref();
    this.sessionCheck = setInterval(() => {
      this.checkSessions().catch((error: unknown) => {
        deps.logger.warn({ err: error }, 'sync session check failed');
      });
    }, deps.options.sessionCheckMs);
    this.sessionCheck.unref();
  }

  /** Joins the hub's events (see HubListener); returns how to leave. */
  listen(listener: HubListener): () => void {
    this.listeners.push(listener);
    return () => {
      const at = this.listeners.indexOf(listener);
      if (at >= 0) this.listeners.splice(at, 1);
    };
  }

  /** Local sockets of a user (presence and typing look here). */
  connectionsOf(userId: string): ReadonlySet<SyncConnection> {
    return this.channels.get(userId)?.connections ?? new Set();
  }

  get size(): number {
    return this.connections.size;
  }

  accept(ws: WebSocket, userId: string, sessionHash: string): SyncConnection {
    const conn = new SyncConnection(ws, userId, sessionHash, this.deps.clock.now());
    if (this.closed) {
      conn.close(SYNC_CLOSE.goingAway, 'server shutting down');
      return conn;
    }
    this.connections.add(conn);
    conn.heartbeatSlot = this.accepted++ % this.heartbeatSlots.length;
    this.heartbeatSlots[conn.heartbeatSlot]?.add(conn);
    conn.helloTimer = setTimeout(() => {
      if (conn.phase === 'awaiting_hello')
        this.closeConn(conn, SYNC_CLOSE.protocolError, 'no hello');
    }, this.deps.options.helloTimeoutMs);
    ws.on('message', (data: RawData, isBinary: boolean) => {
      this.onMessage(conn, data, isBinary);
    });
    ws.on('pong', () => {
      conn.alive = true;
    });
    ws.on('close', () => {
      this.detach(conn);
    });
    ws.on('error', (error) => {
      this.deps.logger.debug({ err: error }, 'sync socket error');
    });
    return conn;
  }

  /** Sends a ready-made frame to the caught-up sockets of these users on this node. */
  deliverEphemeral(userIds: readonly string[], frame: string, deviceId?: string): void {
    for (const userId of userIds) {
      const channel = this.channels.get(userId);
      if (channel === undefined) continue;
      for (const conn of channel.connections) {
        if (deviceId !== undefined && conn.deviceId !== deviceId) continue;
        // Ephemeral frames are worth nothing late: a backed-up socket skips them.
        if (conn.phase === 'live' && conn.ws.bufferedAmount <= this.deps.options.highWaterBytes) {
          conn.sendText(frame);
        }
      }
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    clearInterval(this.sessionCheck);
    this.unsubscribe();
    for (const conn of [...this.connections])
      this.closeConn(conn, SYNC_CLOSE.goingAway, 'server shutting down');
    // Let close frames leave before the server closes the TCP sockets.
    await sleep(20);
  }

  /**
   * Each socket is pinged once per heartbeat interval, in its own slot of it:
   * pinging every socket in one tick made ten thousand pings (and their pongs)
   * one burst, which held up every message of that moment for a few hundred ms.
   */
  private beat(): void {
    const slot = this.heartbeatSlots[this.beats++ % this.heartbeatSlots.length] ?? [];
    for (const conn of slot) {
      if (!conn.alive) {
        conn.ws.terminate();
        this.detach(conn);
        continue;
      }
      conn.alive = false;
      if (conn.isOpen()) conn.ws.ping();
    }
  }

  /** Sockets whose session ended (logout, expiry) since they opened are closed with 4401. */
  async checkSessions(): Promise<void> {
    const checked = new Set([...this.connections].map((c) => c.sessionHash));
    const hashes = [...checked];
    const live = await liveSessionHashes(this.deps.db, hashes, this.deps.clock.now());
    for (const conn of [...this.connections]) {
      // Sockets opened during the check were not asked about: next time.
      if (checked.has(conn.sessionHash) && !live.has(conn.sessionHash)) this.endSession(conn);
    }
  }

  private endSession(conn: SyncConnection): void {
    conn.sessionEnded = true;
    this.closeConn(conn, SYNC_CLOSE.unauthenticated, 'session ended');
  }

  private onMessage(conn: SyncConnection, data: RawData, isBinary: boolean): void {
    conn.alive = true;
    if (conn.phase === 'closed') return;
    if (isBinary) {
      conn.send({ type: 'error', code: 'bad_frame', message: 'Frames are JSON text.' });
      return;
    }
    const parsed = parseClientFrame(rawText(data));
    if (!parsed.ok) {
      conn.send({ type: 'error', code: 'bad_frame', message: parsed.message });
      if (conn.phase === 'awaiting_hello')
        this.closeConn(conn, SYNC_CLOSE.protocolError, 'bad frame');
      return;
    }
    const frame = parsed.frame;
    if (frame.type === 'hello') {
      void this.onHello(conn, frame).catch((error: unknown) => {
        this.deps.logger.error({ err: error }, 'sync hello failed');
        this.closeConn(conn, SYNC_CLOSE.internal, 'internal error');
      });
      return;
    }
    if (conn.phase === 'awaiting_hello') {
      conn.send({ type: 'error', code: 'hello_required', message: 'Say hello first.' });
      this.closeConn(conn, SYNC_CLOSE.protocolError, 'hello required');
      return;
    }
    switch (frame.type) {
      case 'ping':
        conn.send({ type: 'pong' });
        return;
      case 'ack':
        if (frame.seq > conn.sentSeq) {
          conn.send({ type: 'error', code: 'ack_ahead', message: 'That seq was not sent yet.' });
          return;
        }
        for (const l of this.listeners) l.ack?.(conn, frame.seq);
        return;
      case 'typing':
        conn.lastActivityAt = this.deps.clock.now();
        conn.attention = 'active';
        for (const l of this.listeners) l.activity?.(conn);
        for (const l of this.listeners) l.typing?.(conn, frame);
        return;
      case 'presence':
        conn.attention = frame.state;
        if (frame.state === 'active') conn.lastActivityAt = this.deps.clock.now();
        for (const l of this.listeners) l.activity?.(conn);
        return;
      case 'send':
        conn.lastActivityAt = this.deps.clock.now();
        conn.attention = 'active';
        for (const l of this.listeners) l.activity?.(conn);
        for (const l of this.listeners) l.send?.(conn, frame);
        return;
      case 'call_action':
      case 'call_signal':
      case 'call_media':
        conn.lastActivityAt = this.deps.clock.now();
        for (const l of this.listeners) l.call?.(conn, frame);
        return;
    }
  }

  private async onHello(conn: SyncConnection, hello: HelloFrame): Promise<void> {
    if (conn.phase !== 'awaiting_hello') {
      conn.send({ type: 'error', code: 'hello_repeated', message: 'Hello was already said.' });
      return;
    }
    if (hello.protocol !== SYNC_PROTOCOL_VERSION) {
      conn.send({
        type: 'error',
        code: 'unsupported_protocol',
        message: `This server speaks protocol ${SYNC_PROTOCOL_VERSION}.`,
      });
      this.closeConn(conn, SYNC_CLOSE.unsupportedProtocol, 'unsupported protocol');
      return;
    }
    if (conn.helloTimer !== null) clearTimeout(conn.helloTimer);
    conn.helloTimer = null;
    conn.phase = 'replaying';
    conn.deviceId = hello.device_id ?? randomUUID();
    conn.lastActivityAt = this.deps.clock.now();
    // Join the channel before reading the head, so no note published meanwhile is missed.
    const channel = this.channelFor(conn.userId);
    channel.connections.add(conn);
    conn.joined = true;
    for (const l of this.listeners) l.connected?.(conn);
    const log = await this.deps.db.read((k) => readLogState(k, conn.userId));
    if (!conn.isOpen()) return;
    channel.knownHead = Math.max(channel.knownHead, log.head);
    let reason: ResyncReason | null = null;
    if (hello.last_seq > log.head) reason = 'ahead_of_head';
    else if (hello.last_seq < log.pruned) reason = 'window_expired';
    this.deps.metrics?.hellos.inc({
      kind: reason !== null ? 'resync' : hello.last_seq === 0 ? 'fresh' : 'resume',
    });
    if (reason === null) {
      conn.sentSeq = hello.last_seq;
    } else {
      conn.sentSeq = log.head;
      conn.send({ type: 'resync_required', reason, seq: log.head });
    }
    this.pumper.pump(conn, channel);
  }

  private channelFor(userId: string): UserChannel {
    let channel = this.channels.get(userId);
    if (channel === undefined) {
      channel = { connections: new Set(), knownHead: 0, recent: new Map(), arrivals: [] };
      this.channels.set(userId, channel);
    }
    return channel;
  }

  /** Closes with a code and lets the socket go at once (the close handshake may take long). */
  private closeConn(conn: SyncConnection, code: number, reason: string): void {
    conn.close(code, reason);
    this.detach(conn);
  }

  /** Forgets a socket: on close, cut-off or termination; once. */
  private detach(conn: SyncConnection): void {
    conn.phase = 'closed';
    if (conn.helloTimer !== null) clearTimeout(conn.helloTimer);
    this.heartbeatSlots[conn.heartbeatSlot]?.delete(conn);
    if (!this.connections.delete(conn) || !conn.joined) return;
    const channel = this.channels.get(conn.userId);
    if (channel?.connections.delete(conn) === true && channel.connections.size === 0) {
      this.channels.delete(conn.userId);
    }
    for (const l of this.listeners) l.disconnected?.(conn);
  }

  private onBus(message: BusMessage): void {
    if (message.type === 'deltas') {
      // A message's delta is one payload for all its recipients: encoded once.
      const payloads = new PayloadBytes();
      const traced = DeliveryTrace.of(this.deps.tracing, message, this.deps.bus);
      for (const note of message.notes) this.onNote(note, payloads, traced);
      traced?.finish();
    } else if (message.type === 'ephemeral') {
      this.deliverEphemeral(message.userIds, message.frame, message.deviceId);
    } else if (message.type === 'sessions_ended') {
      this.closeEnded(message.userIds, message.sessionHashes);
    }
  }

  /** Closes, with 4401, this node's sockets of these users and of these sessions. */
  private closeEnded(userIds: readonly string[], sessionHashes: readonly string[]): void {
    const users = new Set(userIds);
    const sessions = new Set(sessionHashes);
    for (const conn of [...this.connections]) {
      if (users.has(conn.userId) || sessions.has(conn.sessionHash)) this.endSession(conn);
    }
  }

  private onNote(note: DeltaNote, payloads: PayloadBytes, traced: DeliveryTrace | null): void {
    const channel = this.channels.get(note.userId);
    if (channel === undefined) return;
    for (const conn of channel.connections) this.corker.cork(conn);
    channel.knownHead = Math.max(channel.knownHead, note.seq);
    for (const delta of note.deltas)
      channel.recent.set(delta.seq, encodeDeltaFrame(delta.seq, payloads.of(delta.payload)));
    if (channel.arrivals.length > 0) {
      const waiting = channel.arrivals;
      channel.arrivals = [];
      for (const wake of waiting) wake();
    }
    if (traced !== null) traced.pumpAll(channel, this.pumper);
    else
      for (const conn of channel.connections) {
        if (conn.phase === 'replaying' || conn.phase === 'live') this.pumper.pump(conn, channel);
      }
    trimRecent(channel, this.deps.options.recentPerUser);
  }
}
