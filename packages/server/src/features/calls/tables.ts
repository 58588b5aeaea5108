import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../storage/database';
import type { SyncTables } from '../../storage/tables/sync';

/** Tables of migration 005-calls: digit-string ids, millisecond times. */
export interface CallTable {
  id: string;
  thread_id: string;
  kind: 'voice' | 'video';
  initiator_id: string;
  /** ringing (nobody answered yet), active, ended. */
  status: string;
  started_at: number;
  connected_at: number | null;
  ended_at: number | null;
  /** The limits the call was started with: a changed configuration leaves running calls alone. */
  max_participants: number;
  ring_timeout_ms: number;
}

export interface CallParticipantTable {
  call_id: string;
  user_id: string;
  /** Order in which people were rung (the caller first). */
  position: number;
  /** A core ParticipantState. */
  state: string;
  /** The device (sync socket) in the media session, while joined. */
  device_id: string | null;
  /** When ringing started, for the ring timeout. */
  rung_at: number | null;
  /**
   * When the joined device last opened a sync socket, on any node: a node that
   * saw the device's socket close must not drop it if it came back elsewhere.
   */
  device_seen_at: number | null;
  updated_at: number;
}

export type CallTables = SyncTables & {
  calls: CallTable;
  call_participants: CallParticipantTable;
};

export type CallDatabase = Database & CallTables;
export type CallKysely = Kysely<CallDatabase>;

export function withCallTables(db: Transaction<Database>): Transaction<CallDatabase>;
export function withCallTables(db: Kysely<Database>): Kysely<CallDatabase>;
export function withCallTables(db: Kysely<Database>): Kysely<CallDatabase> {
  return db.withTables<CallTables>();
}
