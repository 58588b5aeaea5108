import fastifyWebsocket from '@fastify/websocket';
import { SYNC_CLOSE, SYNC_PATH } from '@messenger/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { Viewer } from '../accounts/viewer';
import { callsByStatus } from '../calls/repo';
import { CallRuntime } from '../calls/runtime';
import { DeliveryQueue } from '../messaging/delivery-service';
import { SocketSends } from '../messaging/socket-send';
import { presenceStoreFor } from '../presence/store';
import { busOf } from './commit';
import { pruneDeltas } from './delta-log';
import { SyncHub } from './hub';
import { syncOptions, type SyncOptions } from './options';
import type { SyncConnection } from './connection';
import { ClusterPresenceStore } from './presence-cluster';
import { PresenceTracker } from './presence-tracker';
import { TypingRelay } from './typing-relay';

/** The sync machinery of one app (one node). */
export interface SyncRuntime {
  options: SyncOptions;
  hub: SyncHub;
  presence: PresenceTracker;
  typing: TypingRelay;
  delivery: DeliveryQueue;
  calls: CallRuntime;
  /** Runs the retention pruning now (it also runs on a timer). */
  prune(): Promise<number>;
}

const runtimes = new WeakMap<AppContext, SyncRuntime>();

/** The sync runtime registered for this context (tests wait on its delivery queue). */
export function syncRuntimeOf(ctx: AppContext): SyncRuntime | undefined {
  return runtimes.get(ctx);
}

/**
 * Only pages of this site may open the socket with the user's cookie (a
 * cross-site page could otherwise read their deltas): the Origin, when a
 * browser sends one, must be this host or PUBLIC_URL's.
 */
function originAllowed(request: FastifyRequest, config: Config): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  if (host === request.headers.host) return true;
  if (config.publicUrl === undefined) return false;
  try {
    return new URL(config.publicUrl).host === host;
  } catch {
    return false;
  }
}

/**
 * Registers the sync socket at /sync on the root instance (call it once,
 * after the session hooks): the WebSocket plugin, the hub with presence,
 * typing and delivery acks, and the retention timer.
 */
export async function registerSync(app: FastifyInstance, ctx: AppContext): Promise<SyncRuntime> {
  const options = syncOptions(ctx.sync);
  const bus = busOf(ctx);
  const hub = new SyncHub({
    db: ctx.db,
    bus,
    logger: ctx.logger,
    clock: ctx.clock,
    options,
    metrics: ctx.metrics,
    tracing: ctx.tracing,
  });
  if (ctx.metrics !== undefined) {
    ctx.metrics.sources.openSockets = () => hub.size;
    ctx.metrics.sources.callsByStatus = () => callsByStatus(ctx);
    bus.observeLag?.((seconds) => ctx.metrics?.busLag.observe(seconds));
  }
  const view = presenceStoreFor(ctx);
  // A bus given to the context (Redis) may join several nodes: presence is combined across them.
  const cluster =
    ctx.bus === undefined
      ? null
      : new ClusterPresenceStore({
          bus,
          view,
          clock: ctx.clock,
          logger: ctx.logger,
          reportTtlMs: 3 * options.presenceSweepMs,
          onLapsed: (userId, status) => {
            presence.announceLocally(userId, status);
          },
        });
  const presence = new PresenceTracker({
    db: ctx.db,
    bus,
    store: cluster ?? view,
    clock: ctx.clock,
    logger: ctx.logger,
    options,
    connectionsOf: (userId) => hub.connectionsOf(userId),
    deliverLocally: (userIds, frame) => {
      hub.deliverEphemeral(userIds, frame);
    },
    reported: (status) => {
      ctx.metrics?.presenceReports.inc({ status });
    },
  });
  const typing = new TypingRelay({ db: ctx.db, bus, logger: ctx.logger, options });
  const delivery = new DeliveryQueue(ctx);
  const viewers = new WeakMap<SyncConnection, Viewer>();
  const sends = new SocketSends(ctx, (conn) => viewers.get(conn));
  const calls = new CallRuntime(ctx, hub, bus);
  calls.recover(ctx.bus === undefined).catch((error: unknown) => {
    ctx.logger.warn({ err: error }, 'calls recovery failed');
  });
  hub.setListeners({
    connected: (conn) => {
      presence.connected(conn);
      calls.connected(conn);
    },
    ready: (conn) => {
      presence.ready(conn);
    },
    activity: (conn) => {
      presence.activity(conn);
    },
    disconnected: (conn) => {
      presence.disconnected(conn);
      typing.disconnected(conn);
      calls.disconnected(conn);
    },
    typing: (conn, frame) => {
      typing.onTyping(conn, frame).catch((error: unknown) => {
        ctx.logger.warn({ err: error }, 'typing frame failed');
      });
    },
    ack: (conn, seq) => {
      delivery.enqueue(conn.userId, seq);
    },
    send: (conn, frame) => {
      sends.onSend(conn, frame);
    },
    call: (conn, frame) => {
      calls.onFrame(conn, frame);
    },
  });

  const policy = { maxDeltas: options.retentionMaxDeltas, maxAgeMs: options.retentionMaxAgeMs };
  const prune = () => pruneDeltas(ctx.db, policy, ctx.clock.now());
  const pruner = setInterval(() => {
    prune().catch((error: unknown) => {
      ctx.logger.warn({ err: error }, 'delta pruning failed');
    });
  }, options.pruneIntervalMs);
  pruner.unref();

  const runtime: SyncRuntime = { options, hub, presence, typing, delivery, calls, prune };
  runtimes.set(ctx, runtime);

  // Before the WebSocket plugin's own preClose: clients hear 1001 (going away) and reconnect.
  app.addHook('preClose', async () => {
    // Sends already received are stored and answered before their sockets close.
    await sends.idle();
    clearInterval(pruner);
    presence.close();
    cluster?.close();
    calls.close();
    await hub.close();
  });
  app.addHook('onClose', async () => {
    await delivery.idle();
    await bus.close();
    runtimes.delete(ctx);
  });

  if (!app.hasDecorator('websocketServer')) {
    await app.register(fastifyWebsocket, { options: { maxPayload: options.maxClientFrameBytes } });
  }
  app.get(SYNC_PATH, { websocket: true }, (socket, request) => {
    if (!originAllowed(request, ctx.config)) {
      socket.close(SYNC_CLOSE.forbiddenOrigin, 'forbidden origin');
      return;
    }
    if (request.viewer === null || request.authSession === null) {
      socket.close(SYNC_CLOSE.unauthenticated, 'log in first');
      return;
    }
    // Shutting down: the client reconnects, and the load balancer (readyz 503) sends it elsewhere.
    if (ctx.lifecycle?.draining === true) {
      socket.close(SYNC_CLOSE.goingAway, 'server shutting down');
      return;
    }
    const conn = hub.accept(socket, request.viewer.id, request.authSession.idHash);
    viewers.set(conn, request.viewer);
  });
  return runtime;
}
