import { tcpSocketOf, type SyncConnection } from './connection';

/**
 * Holds the frames a socket is given while one batch of deltas is handed out
 * and sends them in one write. A write per frame was a third of the main
 * thread's time under load: one syscall each, which on loopback also runs the
 * receiving side's TCP. In one turn a socket gets the batch's deltas for its
 * user and, when that user sent in the batch, the `send_result` that follows
 * them. Every socket corked in a turn is uncorked together by one
 * `process.nextTick`: deltas are handed out from a microtask, and a tick queued
 * there runs once the microtask queue is drained, so after the answers (their
 * own microtasks) and before the event loop moves on; `setImmediate` also
 * waited for the next poll phase, which added to latency. A socket is corked
 * at most once per turn.
 */
export class TurnCorker {
  private readonly corked: SyncConnection[] = [];
  private scheduled = false;

  cork(conn: SyncConnection): void {
    if (conn.corked) return;
    const socket = tcpSocketOf(conn.ws);
    if (socket === undefined) return;
    socket.cork();
    conn.corked = true;
    this.corked.push(conn);
    if (!this.scheduled) {
      this.scheduled = true;
      process.nextTick(() => {
        this.release();
      });
    }
  }

  private release(): void {
    this.scheduled = false;
    for (const conn of this.corked) {
      conn.corked = false;
      // A socket ended meanwhile was uncorked by end(); uncork() on it does nothing.
      tcpSocketOf(conn.ws)?.uncork();
    }
    this.corked.length = 0;
  }
}
