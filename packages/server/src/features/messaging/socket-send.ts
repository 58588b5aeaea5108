import { nulCharPath, type ClientFrame, type ServerFrame } from '@messenger/core';
import type { AppContext } from '../../context';
import { badRequest, toWireError } from '../../errors';
import type { Viewer } from '../accounts/viewer';
import { endSendTrace, preciseNow, startSendTrace, type SendTrace } from '../observability/tracing';
import type { SyncConnection } from '../sync/connection';
import { sendMessage } from './send-service';
import { sentOutcome } from './send-traced';

type SendFrame = Extract<ClientFrame, { type: 'send' }>;

/** Sends one socket may have waiting; beyond it a send is refused at once (a client flooding). */
const MAX_PENDING_PER_SOCKET = 256;

/**
 * send_message over the sync socket: no HTTP request, session lookup or
 * GraphQL document per message, for clients that send much. The same service
 * as the mutation (validation, permissions, idempotency, group commit); one
 * socket's sends are stored one after another, in the order they arrived.
 */
export class SocketSends {
  private readonly tails = new WeakMap<SyncConnection, Promise<void>>();
  private readonly pending = new WeakMap<SyncConnection, number>();
  /** Who each socket's viewer is (told by the route when it accepts the socket). */
  private readonly viewers = new WeakMap<SyncConnection, Viewer>();
  /** Every send being stored, on any socket: a shutdown lets them finish first. */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly ctx: AppContext) {}

  /** The socket was accepted for this viewer: its sends are theirs. */
  admit(conn: SyncConnection, viewer: Viewer): void {
    this.viewers.set(conn, viewer);
  }

  onSend(conn: SyncConnection, frame: SendFrame): void {
    const waiting = this.pending.get(conn) ?? 0;
    if (waiting >= MAX_PENDING_PER_SOCKET) {
      conn.send(refusal(frame, 'rate_limited', 'Too many sends waiting; wait for their results.'));
      return;
    }
    this.pending.set(conn, waiting + 1);
    // Traced from the frame's arrival: the wait behind this socket's earlier sends counts.
    const trace =
      this.ctx.tracing === undefined ? undefined : startSendTrace(this.ctx.tracing, 'socket');
    const previous = this.tails.get(conn) ?? Promise.resolve();
    const tail = previous.then(() => this.store(conn, frame, trace));
    this.tails.set(conn, tail);
    this.inFlight.add(tail);
    void tail.finally(() => this.inFlight.delete(tail));
  }

  /** Resolves once no send is being stored (those received while waiting included). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private async store(
    conn: SyncConnection,
    frame: SendFrame,
    trace: SendTrace | undefined,
  ): Promise<void> {
    try {
      const viewer = this.viewers.get(conn);
      if (viewer === undefined || !conn.isOpen()) {
        if (trace !== undefined) endSendTrace(trace, { errorCode: 'socket_closed' });
        return;
      }
      // As at the HTTP doors (security/nul-input.ts): U+0000 cannot be stored.
      const nulField = nulCharPath(frame.input);
      if (nulField !== null) {
        throw badRequest(nulField, 'Text cannot hold the character U+0000.');
      }
      if (trace !== undefined) trace.queuedAt = preciseNow();
      const sent = await sendMessage(this.ctx, viewer, frame.input, trace);
      conn.send({
        type: 'send_result',
        request_id: frame.request_id,
        created: sent.created,
        message: sent.message,
      });
      if (trace !== undefined) endSendTrace(trace, sentOutcome(sent));
    } catch (error) {
      const wire = toWireError(error);
      if (trace !== undefined) endSendTrace(trace, { errorCode: wire.body.error.code });
      if (wire.statusCode >= 500) this.ctx.logger.error({ err: error }, 'socket send failed');
      const { code, message, field } = wire.body.error;
      conn.send({
        type: 'send_result',
        request_id: frame.request_id,
        error: field === undefined ? { code, message } : { code, message, field },
      });
    } finally {
      this.pending.set(conn, (this.pending.get(conn) ?? 1) - 1);
    }
  }
}

function refusal(frame: SendFrame, code: string, message: string): ServerFrame {
  return { type: 'send_result', request_id: frame.request_id, error: { code, message } };
}
