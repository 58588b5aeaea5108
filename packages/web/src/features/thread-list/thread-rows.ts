import {
  isMuted,
  threadTitle,
  type Clock,
  type ThreadTag,
  type TitleParticipant,
} from '@messenger/core';
import { browserClock } from '../../lib/clock';

/** The parts of a thread a row or a header is made of (from the Relay data). */
export interface ThreadTitleData {
  readonly group_name: string | null | undefined;
  readonly custom_nickname: unknown;
  readonly participants_to_render: ReadonlyArray<{
    readonly id?: string;
    readonly name?: string;
    readonly short_name?: string;
    readonly profile_picture?: { readonly uri: string } | null | undefined;
  }>;
}

function nicknames(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  const out: Record<string, string> = {};
  for (const [key, nickname] of Object.entries(value)) {
    if (typeof nickname === 'string') out[key] = nickname;
  }
  return out;
}

export function titleParticipants(thread: ThreadTitleData): TitleParticipant[] {
  const out: TitleParticipant[] = [];
  for (const p of thread.participants_to_render) {
    if (p.id !== undefined && p.name !== undefined) {
      out.push({ id: p.id, name: p.name, shortName: p.short_name ?? null });
    }
  }
  return out;
}

/** The thread title as the viewer sees it (core threadTitle), cut with an ellipsis at `maxLength`. */
export function titleOf(thread: ThreadTitleData, viewerId: string, maxLength?: number): string {
  return threadTitle({
    name: thread.group_name ?? null,
    participants: titleParticipants(thread),
    viewerId,
    customNicknames: nicknames(thread.custom_nickname),
    ...(maxLength === undefined ? {} : { maxLength }),
  });
}

/** Most recent activity first; ties by id so the order is stable. */
export function byLastActivity<T extends { last_activity_time: number; thread_id: string }>(
  threads: readonly T[],
): T[] {
  return [...threads].sort(
    (a, b) => b.last_activity_time - a.last_activity_time || a.thread_id.localeCompare(b.thread_id),
  );
}

/** The browser's clock, for mutes that lapse while the page is open (core isMuted). */

/**
 * How many conversations have something unread (the document title's count):
 * a muted one does not count, though its row still shows it unread.
 */
export function unreadThreadCount(
  threads: readonly { unread_count: number; muted_until?: number | null | undefined }[],
  clock: Clock = browserClock,
): number {
  return threads.filter((t) => t.unread_count > 0 && !isMuted(t.muted_until, clock)).length;
}

export type ListFolder = 'INBOX' | 'OTHER' | 'PENDING' | 'ARCHIVED';

/** The folder a thread list shows for a permalink's tag (other tags show the inbox). */
export function listFolderOf(tag: ThreadTag): ListFolder {
  if (tag === 'OTHER') return 'OTHER';
  if (tag === 'ARCHIVED') return 'ARCHIVED';
  return tag === 'PENDING' ? 'PENDING' : 'INBOX';
}
