/**
 * Every business constant and limit of the seed spec, section 9, in one place.
 * Values the seed says are "not shown" are our choices and are marked so.
 */
export const TYPEAHEAD = {
  debounceMs: 150,
  minQueryLength: 2,
  maxEntries: 100,
  maxEntriesTokenizer: 30,
  localCacheTopFriends: 50,
  localCacheLoaded: 100,
  localCacheRoomAudience: 30,
  resultViewCap: 50,
  initiallyShown: 8,
  fb4cCap: 8,
  /** seed: "values not shown"; our choice. */
  friendCap: 8,
  /** seed: "values not shown"; our choice. */
  nonFriendCap: 8,
  pagesPerSearch: 5,
  messagesPerSearch: 3,
  usersPerSearch: 10,
  /** seed: "a maximum thread-result count" for groups; our choice. */
  maxThreadResults: 8,
  /** seed: "value not shown"; our choice. */
  serverRetryLimit: 5,
  retryBaseDelayMs: 200,
  retryMaxDelayMs: 5_000,
  searchMorePeopleDefault: 2,
} as const;

export const PAGE_SIZES = {
  suggestions: 50,
  audience: 30,
  paymentFriends: 50,
  bootstrap: 100,
} as const;

export const BEEPER = {
  idleDelayMs: 10_000,
  activeLongDelayMs: 4_000,
  fadeOutMs: 1_500,
  /** seed: not shown; our choice. Toasts beyond this wait in the queue (PENDING). */
  maxVisible: 3,
} as const;

export const NOTIFICATION_SOUND_MIN_INTERVAL_MS = 5_000;

/** Calls: seed section 9 gives no values; both are our choices. */
export const CALLS = {
  /** How long an unanswered call rings before it ends as no answer. */
  ringTimeoutMs: 45_000,
  /** People in one call, the local user included. */
  maxParticipants: 6,
} as const;

export const IMAGE_SIZE_CACHE = {
  maxEntries: 50,
  expiryMs: 10 * 60 * 1000,
} as const;

export const ENCRYPTED_IMAGE = {
  algorithm: 'AES-GCM',
  tagLengthBits: 128,
} as const;

export const BADGE = {
  searchCapDefault: 20,
  sidebarMax: 9,
} as const;

export const PARTICIPANTS = {
  tooltipMaxNames: 10,
  listTextMaxNames: 3,
  /** Facepile shows 4 faces; above 4 people it shows +(N-3). */
  facepileMaxFaces: 4,
} as const;

export const SCROLLER = {
  zonePx: 50,
  velocity: 100,
  intervalMs: 50,
  edgeTolerancePx: 20,
  throttleMs: 50,
} as const;

export const DRAG_GUTTER_DEFAULT = 0;

export const REFERER_COOKIE_PATH_MAX = 1024;

export const FUNNEL = {
  loggingIds: [9500, 9501, 9502] as const,
  typicalTimeoutSec: 600,
  reliabilityFlushIntervalSec: 1800,
  channel: 'funnel_analytics',
} as const;

/** seed: per-funnel timeouts "values not shown"; our choices, keyed by funnel. */
export const FUNNEL_TIMEOUT_SEC = {
  search: 600,
  broadcastSearch: 600,
  omnipicker: 600,
  share: 600,
  /** Naming a group and picking coworkers takes longer than a search. */
  groupCreation: 1_800,
  /** A call funnel spans the whole call. */
  call: 3_600,
  nux: 300,
} as const;

export const PRESENCE_RING_MIN_BORDER_PX = 2;

export const HISTORY = {
  checkIntervalMs: 42,
  debounceMs: 400,
} as const;

export const LEAVE_DIALOG_WIDTH = 450;

export const ANIMATION = {
  defaultDurationMs: 500,
  fallbackFrameIntervalMs: 20,
  insertFadeMs: 400,
} as const;
