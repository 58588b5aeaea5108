import type { Delta } from '@messenger/core';

/** The delta log's shapes (delta-log.ts), shared with the appenders (storage/sqlite/delta-log.ts, storage/postgres/delta-log.ts). */

export interface AckMark {
  threadId: string;
  /** The participant the user receives the message as: themselves or a page they administer. */
  as: string;
  seqInThread: number;
}

export interface DeltaEntry {
  userId: string;
  delta: Delta;
  /** Set for a message the user received from someone else: its ack marks it delivered. */
  ack?: AckMark;
}

export interface StoredDelta {
  seq: number;
  /** The delta's JSON, sent to clients verbatim. */
  payload: string;
}

/** "User U's log reached seq N", with the newest deltas inline so nodes can push without a read. */
export interface DeltaNote {
  userId: string;
  seq: number;
  deltas: StoredDelta[];
}
