import type { Kysely, Transaction } from 'kysely';
import type { SyncDatabase } from './sync';

/** One participant's reaction to one message (migration 020-reactions). */
export interface MessageReactionTable {
  message_id: string;
  /** The participant who reacted: a person, or a page its admin answered as. */
  reactor_id: string;
  thread_id: string;
  emoji: string;
  /** When it was given or last changed (ms): the thread list previews the newest. */
  created_at: number;
}

// A type alias, not an interface: Kysely's withTables wants an index-signature-compatible record.
export type ReactionTables = { message_reactions: MessageReactionTable };

export type ReactionDatabase = SyncDatabase & ReactionTables;

export function withReactionTables(db: Kysely<SyncDatabase>): Kysely<ReactionDatabase>;
export function withReactionTables(db: Transaction<SyncDatabase>): Transaction<ReactionDatabase>;
export function withReactionTables(db: Kysely<SyncDatabase>): Kysely<ReactionDatabase> {
  return db.withTables<ReactionTables>();
}

/**
 * A message's reactions leave with it (delete_message, unsend): here, below
 * the features, so messaging and message-edits need not import reactions.
 */
export async function removeReactionsOf(
  k: Kysely<ReactionDatabase>,
  messageId: string,
): Promise<void> {
  await k.deleteFrom('message_reactions').where('message_id', '=', messageId).execute();
}
