/** The ten entry types of the seed (section 3, Search entry). */
export const ENTRY_TYPES = [
  'friend',
  'non_friend',
  'fb4c',
  'message',
  'thread',
  'page',
  'meeting_room_page',
  'internal_bot_page',
  'game',
  'search',
] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

/** Section order of the typeahead dropdown (seed section 2). */
export const SECTION_ORDER: readonly EntryType[] = [
  'search',
  'friend',
  'fb4c',
  'message',
  'thread',
  'page',
  'non_friend',
  'meeting_room_page',
  'internal_bot_page',
  'game',
];

export interface AuxiliaryData {
  alias?: string;
  isMemorializedUser?: boolean;
  messageResultType?: string;
}

/** A typeahead result (seed section 3, Search entry). */
export interface SearchEntry {
  /** Type-prefixed; its last colon-separated part is the object id. */
  uniqueID: string;
  order: number;
  title: string;
  subtitle: string | null;
  keywordString: string;
  type: EntryType;
  photo: string | null;
  uri: string | null;
  auxiliaryData: AuxiliaryData;
}
