import type { ClientFrame, ServerFrame } from '@messenger/core';
import type { Logger } from '../../logger';
import type { Db } from '../../storage/db';
import { actorIn, viewingsOf } from './audience';
import { getParticipants } from './repo';
import { blocksAmong } from './relations-repo';
import type { SyncBus } from '../sync/bus';
import type { SyncConnection, TypingRoute } from '../sync/connection';
import type { SyncOptions } from '../sync/options';
import { withSyncTables } from '../../storage/tables/sync';

/** A route stays trusted this long before membership is checked again. */
const ROUTE_TTL_MS = 10_000;

type TypingFrame = Extract<ClientFrame, { type: 'typing' }>;

/**
 * Passes typing indicators to the thread's other participants' sockets as
 * ephemeral frames with an expiry; never stored. Only participants (or the
 * admins of a page participant, typing as the page) may send them; people
 * who blocked the typer, or whom the typer blocked, do not get them.
 */
export class TypingRelay {
  constructor(
    private readonly deps: { db: Db; bus: SyncBus; logger: Logger; options: SyncOptions },
  ) {}

  async onTyping(conn: SyncConnection, frame: TypingFrame): Promise<void> {
    const now = Date.now();
    const known = conn.typingIn?.get(frame.thread_id);
    if (frame.state === 'stopped') {
      if (known === undefined) return;
      conn.typingIn?.delete(frame.thread_id);
      this.publish(known, frame.thread_id, 'stopped');
      return;
    }
    let route = known !== undefined && now - known.resolvedAt < ROUTE_TTL_MS ? known : undefined;
    if (route === undefined) {
      const resolved = await this.resolve(conn.userId, frame.thread_id, now);
      if (resolved === null) {
        conn.typingIn?.delete(frame.thread_id);
        conn.send({ type: 'error', code: 'not_participant', message: 'Not in this conversation.' });
        return;
      }
      route = { ...resolved, sentAt: known?.sentAt ?? 0 };
    }
    conn.typingIn ??= new Map();
    // Repeats inside a third of the expiry add nothing for the others.
    const repeat = known !== undefined && now - route.sentAt < this.deps.options.typingExpiryMs / 3;
    if (!repeat) route.sentAt = now;
    conn.typingIn.set(frame.thread_id, route);
    if (!repeat) this.publish(route, frame.thread_id, 'typing');
  }

  /** A socket went away: whatever it was typing stops. */
  disconnected(conn: SyncConnection): void {
    if (conn.typingIn === null) return;
    for (const [threadId, route] of conn.typingIn) this.publish(route, threadId, 'stopped');
    conn.typingIn = null;
  }

  private publish(route: TypingRoute, threadId: string, state: 'typing' | 'stopped'): void {
    if (route.recipients.length === 0) return;
    const frame: ServerFrame = {
      type: 'typing',
      thread_id: threadId,
      user_id: route.actorId,
      state,
      expires_in_ms: state === 'typing' ? this.deps.options.typingExpiryMs : 0,
    };
    this.deps.bus
      .publish({ type: 'ephemeral', userIds: route.recipients, frame: JSON.stringify(frame) })
      .catch((error: unknown) => {
        this.deps.logger.warn({ err: error }, 'typing push failed');
      });
  }

  private async resolve(
    userId: string,
    threadId: string,
    now: number,
  ): Promise<Omit<TypingRoute, 'sentAt'> | null> {
    return this.deps.db.read(async (db) => {
      const k = withSyncTables(db);
      const participants = await getParticipants(k, threadId);
      const actor = await actorIn(k, participants, userId);
      if (actor === null) return null;
      const others = (await viewingsOf(k, participants)).filter(
        (v) => v.userId !== userId && v.as !== actor.id,
      );
      const ids = [...new Set(others.map((v) => v.userId))];
      const { blockedBy, blocking } = await blocksAmong(k, userId, ids);
      const recipients = ids.filter((id) => !blockedBy.has(id) && !blocking.has(id));
      return { actorId: actor.id, recipients, resolvedAt: now };
    });
  }
}
