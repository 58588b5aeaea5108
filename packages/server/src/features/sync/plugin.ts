import fastifyWebsocket from '@fastify/websocket';
import { SYNC_CLOSE, SYNC_PATH } from '@messenger/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { Viewer } from '../accounts/viewer';
import type { SyncConnection } from './connection';
import type { SyncHub } from './hub';

/** What the route needs of the node's sync machinery (runtime-sync.ts builds it). */
export interface SyncTransport {
  hub: SyncHub;
  /** Closes every socket (1001) after the sends received are stored; idempotent. */
  stop(): Promise<void>;
  /** A socket was accepted for this viewer (the socket's sends are theirs). */
  accepted(conn: SyncConnection, viewer: Viewer): void;
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
 * after the session hooks): the WebSocket plugin and the route into the hub.
 * The hub and what listens to it are the runtime's (runtime-sync.ts).
 */
export async function registerSync(
  app: FastifyInstance,
  ctx: AppContext,
  transport: SyncTransport,
): Promise<void> {
  const { hub } = transport;
  // Before the WebSocket plugin's own preClose: clients hear 1001 (going away) and reconnect.
  app.addHook('preClose', () => transport.stop());

  if (!app.hasDecorator('websocketServer')) {
    await app.register(fastifyWebsocket, {
      options: { maxPayload: ctx.syncOptions.maxClientFrameBytes },
    });
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
    if (ctx.lifecycle.draining) {
      socket.close(SYNC_CLOSE.goingAway, 'server shutting down');
      return;
    }
    const conn = hub.accept(socket, request.viewer.id, request.authSession.idHash);
    transport.accepted(conn, request.viewer);
  });
}
