import type { Kysely, Transaction } from 'kysely';

/** One participant's own settings of one conversation (migration 055-conversation-settings). */
export interface ConversationSettingsTable {
  thread_id: string;
  participant_id: string;
  muted_until: number | null;
  archived_seq: number | null;
  cleared_seq: number;
}

// A type alias, not an interface: Kysely's withTables wants an index-signature-compatible record.
export type SettingsTables = { conversation_settings: ConversationSettingsTable };

export function withSettingsTables<DB>(db: Transaction<DB>): Transaction<DB & SettingsTables>;
export function withSettingsTables<DB>(db: Kysely<DB>): Kysely<DB & SettingsTables>;
export function withSettingsTables<DB>(db: Kysely<DB>): Kysely<DB & SettingsTables> {
  return db.withTables<SettingsTables>();
}

export interface Settings {
  muted_until: number | null;
  archived_seq: number | null;
  cleared_seq: number;
}

export const NO_SETTINGS: Settings = { muted_until: null, archived_seq: null, cleared_seq: 0 };

/** Numbers as numbers: PostgreSQL returns bigint columns as strings. */
export function settingsOf(row: Partial<Record<keyof Settings, unknown>> | undefined): Settings {
  if (row === undefined) return NO_SETTINGS;
  const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
  return {
    muted_until: num(row.muted_until),
    archived_seq: num(row.archived_seq),
    cleared_seq: num(row.cleared_seq) ?? 0,
  };
}
