import { z } from 'zod';
import { PAGE_CATEGORIES } from './schema';

/**
 * Live changes to the social graph that SCIM does not cover (issue 35): the
 * host network's admin API sends them as a batch, applied all or nothing in
 * one transaction, and each person whose lists change hears a
 * `graph_changed` delta on their sync socket.
 */
const id = z.string().regex(/^\d{1,32}$/, 'Expected an id of digits.');
const op = z.enum(['add', 'remove'], 'op must be add or remove.');

const pairOf = <T extends string>(type: T) =>
  z
    .object({ op, type: z.literal(type), person_id: id, other_id: id })
    .refine((change) => change.person_id !== change.other_id, {
      message: 'other_id must differ from person_id.',
      path: ['other_id'],
    });

export const graphChangeSchema = z.discriminatedUnion('type', [
  /** A friendship (symmetric). */
  pairOf('friendship'),
  /** A Messenger contact who is not a friend (symmetric). */
  pairOf('contact'),
  /** person_id blocks other_id (directed). */
  pairOf('block'),
  /** A page: add creates or updates it, remove deletes it with its admins. */
  z.object({
    op,
    type: z.literal('page'),
    page_id: id,
    name: z.string().trim().min(1).max(200).optional(),
    category: z.enum(PAGE_CATEGORIES).optional(),
    verified: z.boolean().optional(),
    commerce: z.boolean().optional(),
  }),
  /** person_id administers page_id. */
  z.object({ op, type: z.literal('page_admin'), page_id: id, person_id: id }),
]);
export type GraphChange = z.infer<typeof graphChangeSchema>;

export const GRAPH_CHANGES_MAX = 1000;

export const graphChangesSchema = z.object({
  changes: z.array(graphChangeSchema).min(1).max(GRAPH_CHANGES_MAX),
});
export type GraphChanges = z.infer<typeof graphChangesSchema>;

/** What a graph_changed delta says changed for its receiver: which lists to read again. */
export const GRAPH_ASPECTS = ['friends', 'contacts', 'blocks', 'pages'] as const;
export type GraphAspect = (typeof GRAPH_ASPECTS)[number];

export function aspectOf(change: GraphChange): GraphAspect {
  switch (change.type) {
    case 'friendship':
      return 'friends';
    case 'contact':
      return 'contacts';
    case 'block':
      return 'blocks';
    case 'page':
    case 'page_admin':
      return 'pages';
  }
}
