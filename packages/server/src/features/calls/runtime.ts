import type { CallClientFrame, ServerFrame, WireIceServer } from '@messenger/core';
import { ICE_SERVER_SCHEMA } from '@messenger/core';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { SyncBus } from '../sync/bus';
import type { SyncConnection } from '../sync/connection';
import type { SyncHub } from '../sync/hub';
import { callsOfJoinedDevice, joinedDevicesOf, noteDeviceSeen } from './devices';
import { CallService, type CallOutcome } from './service';

type CallFrame = CallClientFrame;

/** ICE_SERVERS is a JSON array of RTCIceServer; anything else stops the start-up. */
export function parseIceServers(json: string): WireIceServer[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error('invalid ICE_SERVERS: not JSON');
  }
  const parsed = z.array(ICE_SERVER_SCHEMA).safeParse(value);
  if (!parsed.success) throw new Error('invalid ICE_SERVERS: expected an array of {urls}');
  return parsed.data;
}

/**
 * The calls of one node: call actions from the sync socket, ring timers,
 * sockets of devices in a call that went away, and the signalling relay
 * (to exactly one device, on whichever node holds it, through the bus).
 */
export class CallRuntime {
  readonly service: CallService;
  private readonly iceServers: WireIceServer[];
  private readonly timers = new Set<NodeJS.Timeout>();
  /** One socket's actions run in order (answer after start, hangup after answer). */
  private readonly queues = new WeakMap<SyncConnection, Promise<void>>();
  private closed = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly hub: SyncHub,
    private readonly bus: SyncBus,
  ) {
    this.service = new CallService(ctx, {
      maxParticipants: ctx.config.callParticipantLimit,
      ringTimeoutMs: ctx.config.callRingTimeoutMs,
    });
    this.iceServers = parseIceServers(ctx.config.iceServersJson);
  }

  onFrame(conn: SyncConnection, frame: CallFrame): void {
    const previous = this.queues.get(conn) ?? Promise.resolve();
    const next = previous.then(() => {
      if (frame.type === 'call_action') return this.onAction(conn, frame);
      if (frame.type === 'call_media') return this.onMedia(conn, frame);
      return this.onSignal(conn, frame);
    });
    this.queues.set(
      conn,
      next.catch((error: unknown) => {
        this.ctx.logger.warn({ err: error }, 'call frame failed');
      }),
    );
  }

  /** A socket opened: a device in a call that came back (maybe on another node) is marked seen. */
  connected(conn: SyncConnection): void {
    if (conn.deviceId === '' || this.closed) return;
    noteDeviceSeen(this.ctx, conn.userId, conn.deviceId).catch((error: unknown) => {
      this.ctx.logger.warn({ err: error }, 'call device mark failed');
    });
  }

  /**
   * A socket closed: if its device was in a call and does not come back in
   * time, here or on another node (device_seen_at), it dropped.
   */
  disconnected(conn: SyncConnection): void {
    if (conn.deviceId === '' || this.closed) return;
    const { userId, deviceId } = conn;
    const closedAt = this.ctx.clock.now();
    this.later(this.ctx.config.callDropGraceMs, async () => {
      for (const other of this.hub.connectionsOf(userId)) {
        if (other.deviceId === deviceId) return;
      }
      for (const callId of await callsOfJoinedDevice(this.ctx, userId, deviceId, closedAt)) {
        await this.service.deviceDropped(callId, userId, deviceId);
      }
    });
  }

  /**
   * After a start: ring timers of calls still ringing run again, and a device
   * left joined with no socket here after the grace period dropped out. With a
   * shared bus another node may hold the device, so only the timers are re-armed.
   */
  async recover(singleNode: boolean): Promise<void> {
    const now = this.ctx.clock.now();
    for (const p of await this.service.unfinished()) {
      if (p.state === 'ringing' && p.rungAt !== null) {
        const left = Math.max(0, p.rungAt + p.timeoutMs - now);
        this.later(left, async () => {
          await this.service.ringTimedOut(p.callId, p.userId);
        });
      } else if (singleNode && p.deviceId !== null) {
        const { callId, userId, deviceId } = p;
        this.later(this.ctx.config.callDropGraceMs, async () => {
          for (const other of this.hub.connectionsOf(userId)) {
            if (other.deviceId === deviceId) return;
          }
          await this.service.deviceDropped(callId, userId, deviceId);
        });
      }
    }
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private async onAction(
    conn: SyncConnection,
    frame: Extract<CallFrame, { type: 'call_action' }>,
  ): Promise<void> {
    let result: ServerFrame;
    try {
      const outcome = await this.service.act(conn.userId, conn.deviceId, frame);
      this.armRingTimers(frame.call_id, outcome);
      result = {
        type: 'call_result',
        request_id: frame.request_id,
        call: outcome.call,
        ice_servers: this.iceServers,
      };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result = {
        type: 'call_result',
        request_id: frame.request_id,
        error: {
          code: error.code,
          message: error.message,
          ...(error.field === undefined ? {} : { field: error.field }),
        },
      };
    }
    conn.send(result);
  }

  private async onSignal(
    conn: SyncConnection,
    frame: Extract<CallFrame, { type: 'call_signal' }>,
  ): Promise<void> {
    const [from, to] = await Promise.all([
      this.service.joinedDevice(frame.call_id, conn.deviceId),
      this.service.joinedDevice(frame.call_id, frame.to_device),
    ]);
    if (from !== conn.userId || to === null) {
      conn.send({ type: 'error', code: 'not_in_call', message: 'That device is not in the call.' });
      return;
    }
    const out: ServerFrame = {
      type: 'call_signal',
      call_id: frame.call_id,
      from_user: conn.userId,
      from_device: conn.deviceId,
      payload: frame.payload,
    };
    await this.bus.publish({
      type: 'ephemeral',
      userIds: [to],
      frame: JSON.stringify(out),
      deviceId: frame.to_device,
    });
  }

  /**
   * A participant's microphone and camera, to every other device joined to
   * the call (wherever it is, through the bus). Only a device in the call may
   * tell it; anyone else gets `not_in_call`.
   */
  private async onMedia(
    conn: SyncConnection,
    frame: Extract<CallFrame, { type: 'call_media' }>,
  ): Promise<void> {
    const from = await this.service.joinedDevice(frame.call_id, conn.deviceId);
    if (from !== conn.userId) {
      conn.send({ type: 'error', code: 'not_in_call', message: 'This device is not in the call.' });
      return;
    }
    const out = JSON.stringify({
      type: 'call_media',
      call_id: frame.call_id,
      from_user: conn.userId,
      from_device: conn.deviceId,
      muted: frame.muted,
      camera_off: frame.camera_off,
    } satisfies ServerFrame);
    for (const peer of await joinedDevicesOf(this.ctx, frame.call_id)) {
      if (peer.deviceId === conn.deviceId) continue;
      await this.bus.publish({
        type: 'ephemeral',
        userIds: [peer.userId],
        frame: out,
        deviceId: peer.deviceId,
      });
    }
  }

  private armRingTimers(callId: string, outcome: CallOutcome): void {
    for (const { userId } of outcome.ring) {
      this.later(outcome.call.ring_timeout_ms, async () => {
        await this.service.ringTimedOut(callId, userId);
      });
    }
  }

  private later(ms: number, fn: () => Promise<void>): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn().catch((error: unknown) => {
        this.ctx.logger.warn({ err: error }, 'call timer failed');
      });
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }
}
