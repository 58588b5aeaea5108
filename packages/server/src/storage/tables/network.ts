import type { Generated } from 'kysely';
import type { AccountKind } from '../../viewer';

/**
 * Tables of the imported social graph and its conversations. The network file
 * (../shared/NETWORK_FORMAT.md) maps onto them one to one. Conventions that
 * hold on SQLite and PostgreSQL alike: ids are digit strings (text), times are
 * milliseconds since the epoch (bigint), booleans are 0/1 integers, lists and
 * maps are JSON text.
 */
export interface CompanyTable {
  id: string;
  name: string;
  prefix: string;
}

// Declared below the features, beside the Viewer that carries it.
export type { AccountKind } from '../../viewer';

export interface PersonTable {
  id: string;
  name: string;
  short_name: string;
  /** core flattenName(name): lower-case, diacritics folded; prefix search runs on it. */
  name_flat: string;
  username: string;
  password_hash: string;
  account: AccountKind;
  company_id: string | null;
  employee: number;
  messenger_only: number;
  memorialized: number;
  instagram: number;
  birth_day: number | null;
  birth_month: number | null;
  birth_year: number | null;
  picture: string | null;
  can_receive_money: number;
  /** JSON array of gate names. */
  gates: string;
  /** 0 active, 1 deactivated, 2 deleted through SCIM (migration 045-provisioning). */
  deactivated: Generated<number>;
}

/** A person as the network file gives them: the import never writes `deactivated` (SCIM's). */
export type ImportedPerson = Omit<PersonTable, 'deactivated'>;

/** Stored in both directions: one row (a, b) and one row (b, a) per friendship. */
export interface FriendshipTable {
  person_id: string;
  friend_id: string;
}

/** Messenger contacts who are not friends; both directions, like friendships. */
export interface ContactTable {
  person_id: string;
  contact_id: string;
}

export interface BlockTable {
  blocker_id: string;
  blocked_id: string;
}

export type PageCategory = 'PAGE' | 'WORKPLACE_BOT' | 'MEETING_ROOM';

export interface PageTable {
  id: string;
  name: string;
  name_flat: string;
  category: PageCategory;
  verified: number;
  commerce: number;
}

export interface PageAdminTable {
  page_id: string;
  person_id: string;
}

export interface GameTable {
  id: string;
  name: string;
  name_flat: string;
}

export type ThreadKind = 'one_to_one' | 'group';

export interface ThreadTable {
  id: string;
  kind: ThreadKind;
  /** Group name; null means derived from participants. */
  name: string | null;
  name_flat: string | null;
  image_src: string | null;
  privacy_mode: number;
  created_at: number;
  /** Time of the newest message (or creation): the thread list is ordered by it. */
  last_activity_at: number;
  /** Highest message seq_in_thread so far. */
  last_message_seq: number;
}

export type ParticipantKind = 'person' | 'page';
/** INBOX, OTHER (filtered), PENDING (message requests), or another tag. */
export type FolderTag = string;

export interface ThreadParticipantTable {
  thread_id: string;
  participant_id: string;
  participant_kind: ParticipantKind;
  folder: FolderTag;
  nickname: string | null;
  /** seq_in_thread of the newest message this participant has read. */
  last_read_seq: number;
  /** 1 when a message request was ignored: hidden from every folder. */
  hidden: number;
  joined_at: number;
}

export interface MessageTable {
  /** Integer key; also the FTS rowid on SQLite. */
  rowid: Generated<number>;
  id: string;
  thread_id: string;
  sender_id: string;
  text: string;
  created_at: number;
  /** 1, 2, 3... within the thread: history pages and read marks use it. */
  seq_in_thread: number;
  /** The sender's client id for idempotent sends (unique per sender). */
  offline_threading_id: string | null;
  entry_point: string | null;
  /** JSON array of attribution tags. */
  tags: string;
  /** 'text', or a system kind such as 'call_summary'. */
  kind: string;
  /**
   * JSON array of the message's encrypted images with their keys (core
   * attachmentRefSchema); added by migration 005-attachments, '[]' by default.
   */
  attachments: Generated<string>;
  /** The id of the message this one answers (migration 050-replies-mentions); null if none. */
  reply_to: Generated<string | null>;
  /** JSON array of the text's mention ranges (core mentionSchema); '[]' by default. */
  mentions: Generated<string>;
}

export interface SettingTable {
  key: string;
  /** JSON value. */
  value: string;
}

export interface NetworkTables {
  companies: CompanyTable;
  people: PersonTable;
  friendships: FriendshipTable;
  contacts: ContactTable;
  blocks: BlockTable;
  pages: PageTable;
  page_admins: PageAdminTable;
  games: GameTable;
  threads: ThreadTable;
  thread_participants: ThreadParticipantTable;
  messages: MessageTable;
  settings: SettingTable;
}
