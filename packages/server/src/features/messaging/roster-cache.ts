import type { HeldRosters } from '../../storage/send-store';
import type { ParticipantRecord } from './repo';

/**
 * The participant rows of recently written threads, each with the roster
 * version it was read at (storage/migrations/014-roster-versions.ts). A
 * PostgreSQL send batch hands over the versions it holds and reads rows only
 * for the threads whose version moved.
 *
 * The rows are the committed ones at their version; their read marks may lag
 * (a send's batch writes its sender's own and keeps it in its copy). Callers
 * get the stored arrays and must copy before changing a row.
 *
 * Bounded: past `capacity` threads the one used least recently goes.
 */
export class RosterCache implements HeldRosters {
  private readonly entries = new Map<string, CachedRoster>();

  constructor(private readonly capacity = 4_096) {}

  /** The version held for a thread, or -1 (no version is negative). */
  versionOf(threadId: string): number {
    return this.entries.get(threadId)?.version ?? -1;
  }

  /** The rows held, marked as just used; undefined if none are. */
  rows(threadId: string): readonly ParticipantRecord[] | undefined {
    const entry = this.entries.get(threadId);
    if (entry === undefined) return undefined;
    this.entries.delete(threadId);
    this.entries.set(threadId, entry);
    return entry.rows;
  }

  remember(threadId: string, version: number, rows: readonly ParticipantRecord[]): void {
    this.entries.delete(threadId);
    this.entries.set(threadId, { version, rows });
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

interface CachedRoster {
  version: number;
  rows: readonly ParticipantRecord[];
}
