import { z } from 'zod';

/**
 * Wire shapes of server search results (seed 3, "Server search result nodes").
 * The server produces exactly these; the client converts them with
 * `entryFromEdge`. Ids are strings; they never contain ':' because the last
 * colon-separated part of a unique id is the object id.
 */

const id = z.string().regex(/^[^:\s]+$/, 'an id has no colon or whitespace');
const image = z.object({ uri: z.string() }).nullable().optional();

/**
 * How the viewer relates to a user, decided by the server: a friend, a work
 * coworker (fb4c), or neither. It maps one-to-one onto the entry type.
 */
export const FRIENDSHIP_STATUSES = ['friend', 'fb4c', 'non_friend'] as const;
export type FriendshipStatus = (typeof FRIENDSHIP_STATUSES)[number];

const userFields = {
  id,
  name: z.string(),
  profile_picture: image,
  url: z.string().nullable().optional(),
  is_messenger_user: z.boolean(),
  friendship_status: z.enum(FRIENDSHIP_STATUSES),
  /** The viewer's nickname for this person; becomes auxiliaryData.alias. */
  alias: z.string().nullable().optional(),
  is_memorialized: z.boolean().optional(),
  /** Extra words the person is found by (e.g. a maiden name). */
  search_tokens: z.array(z.string()).optional(),
};

export const userNodeSchema = z.object({ __typename: z.literal('User'), ...userFields });
export const instagramMessagingUserNodeSchema = z.object({
  __typename: z.literal('InstagramMessagingUser'),
  ...userFields,
});
export const neoApprovedUserNodeSchema = z.object({
  __typename: z.literal('NeoApprovedUser'),
  ...userFields,
});

export const groupThreadNodeSchema = z.object({
  __typename: z.literal('MessengerViewerGroupThread'),
  /** The thread's server id. */
  id,
  /** Null for an unnamed group; its title is then built from participant names. */
  name: z.string().nullable(),
  image,
  url: z.string().nullable().optional(),
  is_group_thread: z.boolean(),
  participant_names: z.array(z.string()).optional(),
});

export const PAGE_CATEGORY_TYPES = ['WORKPLACE_BOT', 'MEETING_ROOM'] as const;

export const pageNodeSchema = z.object({
  __typename: z.literal('Page'),
  id,
  name: z.string(),
  profile_picture: image,
  url: z.string().nullable().optional(),
  /** WORKPLACE_BOT and MEETING_ROOM have their own entry types; any other value is a plain page. */
  category_type: z.string().nullable().optional(),
  is_verified: z.boolean().optional(),
});

export const messageResultNodeSchema = z.object({
  __typename: z.literal('MessageSearchResult'),
  /** No '_' so that `<threadId>_<messageId>` splits back unambiguously. */
  thread_id: z.string().regex(/^[^:_\s]+$/, 'a thread id has no colon, underscore or whitespace'),
  message_id: id,
  /** The conversation's display name: the entry title. */
  thread_name: z.string(),
  /** The matched text: the entry subtitle. */
  snippet: z.string(),
  thread_image: image,
  /** e.g. MESSAGE or THREAD_NAME; becomes auxiliaryData.messageResultType. */
  message_result_type: z.string().optional(),
});

export const searchResultNodeSchema = z.discriminatedUnion('__typename', [
  userNodeSchema,
  instagramMessagingUserNodeSchema,
  neoApprovedUserNodeSchema,
  groupThreadNodeSchema,
  pageNodeSchema,
  messageResultNodeSchema,
]);

/** An edge of a typed result list; `subtext` becomes the entry subtitle. */
export const searchResultEdgeSchema = z.object({
  node: searchResultNodeSchema,
  subtext: z.string().nullable().optional(),
});

export type UserNode = z.infer<typeof userNodeSchema>;
export type InstagramMessagingUserNode = z.infer<typeof instagramMessagingUserNodeSchema>;
export type NeoApprovedUserNode = z.infer<typeof neoApprovedUserNodeSchema>;
export type AnyUserNode = UserNode | InstagramMessagingUserNode | NeoApprovedUserNode;
export type GroupThreadNode = z.infer<typeof groupThreadNodeSchema>;
export type PageNode = z.infer<typeof pageNodeSchema>;
export type MessageResultNode = z.infer<typeof messageResultNodeSchema>;
export type SearchResultNode = z.infer<typeof searchResultNodeSchema>;
export type SearchResultEdge = z.infer<typeof searchResultEdgeSchema>;
