import type { FriendshipStatus } from '@messenger/core';
import type { PageCategory } from '../../storage/tables/network';
import { affinityScore, relationOf, type ViewerCircle } from './circle';
import type { PersonRow } from './people-repo';

/*
 * What GraphQL object types resolve from. Each model carries `kind` so that the
 * search result union can tell them apart.
 */

export interface PersonModel {
  kind: 'person';
  row: PersonRow;
  relation: FriendshipStatus;
  alias: string | null;
  affinity: number;
}

export function personModel(circle: ViewerCircle, row: PersonRow): PersonModel {
  return {
    kind: 'person',
    row,
    relation: relationOf(circle, row),
    alias: circle.aliases.get(row.id) ?? null,
    affinity: affinityScore(circle, row),
  };
}

export interface PageRow {
  id: string;
  name: string;
  name_flat: string;
  category: PageCategory;
  verified: number;
  commerce: number;
}

export interface PageModel {
  kind: 'page';
  row: PageRow;
}

export const pageModel = (row: PageRow): PageModel => ({ kind: 'page', row });

export interface GameRow {
  id: string;
  name: string;
  name_flat: string;
}

export interface GameModel {
  kind: 'game';
  row: GameRow;
}

export const gameModel = (row: GameRow): GameModel => ({ kind: 'game', row });

/** A thread as one participant (the viewer) sees it. */
export interface ThreadRow {
  id: string;
  kind: 'one_to_one' | 'group';
  name: string | null;
  name_flat: string | null;
  image_src: string | null;
  privacy_mode: number;
  last_activity_at: number;
  last_message_seq: number;
  /** The viewer's participant row. */
  folder: string;
  last_read_seq: number;
  /** The viewer's own settings (conversation_settings): null when not muted / not archived. */
  muted_until: number | null;
  archived_seq: number | null;
}

export interface ThreadModel {
  kind: 'thread';
  row: ThreadRow;
  /** The page the viewer reads this thread as (its admin, in the page inbox); else themselves. */
  as?: string;
}

export const threadModel = (row: ThreadRow): ThreadModel => ({ kind: 'thread', row });

/** A thread read by a page's admin as the page (the page inbox). */
export const pageThreadModel = (row: ThreadRow, pageId: string): ThreadModel => ({
  kind: 'thread',
  row,
  as: pageId,
});

export interface MessageHitModel {
  kind: 'message';
  threadId: string;
  messageId: string;
  threadName: string;
  threadImage: string | null;
  snippet: string;
  senderId: string;
  createdAt: number;
}

/** Any node of a typed search result list. */
export type SearchNodeModel = PersonModel | PageModel | GameModel | ThreadModel | MessageHitModel;
