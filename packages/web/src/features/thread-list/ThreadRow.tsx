import { BellOff } from 'lucide-react';
import {
  PARTICIPANT_LEFT_KIND,
  UNSENT_MESSAGE_KIND,
  badgeText,
  conversationSettingsMessages,
  isMuted,
  threadPermalink,
} from '@messenger/core';
import type { ReactNode } from 'react';
import { GridListItem } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { MESSENGER_PREFIX } from '../../router/routes';
import { previewText } from '../attachments/preview';
import { ConversationMenu } from '../conversation-menu/ConversationMenu';
import { conversationMenuMessages } from '../conversation-menu/messages';
import { MentionBadge } from '../mentions/MentionBadge';
import { formatFullTime, formatRelativeAge } from '../time/format';
import type { ThreadListBody_query$data } from './__generated__/ThreadListBody_query.graphql';
import { ThreadFace, type ThreadFaceData } from './ThreadFace';
import { threadListMessages } from './messages';
import { reactionPreview, type ReactionPreviewData } from './reaction-preview';
import { browserClock } from '../../lib/clock';
import { titleOf, type ListFolder } from './thread-rows';
import { isolateIn } from '../../i18n/isolate';

/** Characters of a title in a row before the ellipsis. */
export const ROW_TITLE_MAX = 40;

/** What a row of a thread list reads of its thread (the inbox's and the page inbox's queries). */
export interface ThreadRowData extends ThreadFaceData, ReactionPreviewData {
  readonly thread_id: string;
  readonly unread_count: number;
  /** Unread messages that mention the viewer (the inbox reads it; shown even when muted). */
  readonly mentions_unread?: number;
  readonly last_activity_time: number;
  readonly participants_to_render: ReadonlyArray<{
    readonly id?: string;
    readonly name?: string;
    readonly short_name?: string;
    readonly profile_picture?: { readonly uri: string } | null | undefined;
  }>;
  readonly messages: {
    readonly edges: ReadonlyArray<{
      readonly node: {
        readonly text: string;
        readonly sender_id: string;
        readonly timestamp: number;
        readonly kind: string;
        readonly attachments: ReadonlyArray<unknown>;
      };
    }>;
  };
}

/** A bell struck through (drawn, as the machine may lack an emoji font). */
function MutedIcon(): ReactNode {
  return <BellOff size={16} aria-hidden="true" focusable="false" />;
}

/**
 * The inside of one thread row: face, title, the last message (or the newest
 * reaction to the viewer's message), its age, and the unread badge, or a muted
 * icon instead of the count for a muted conversation (it still reads bold while
 * unread). `viewerId` is whom the list is read as: the person, or the page in a
 * page inbox.
 */
export function ThreadRowContent({
  thread,
  viewerId,
  title,
  now,
  timeZone,
  muted = false,
}: {
  thread: ThreadRowData;
  viewerId: string;
  title: string;
  now: number;
  timeZone: string;
  muted?: boolean;
}): ReactNode {
  const intl = useIntl();
  const last = thread.messages.edges[0]?.node;
  const unsentBy =
    last?.kind === UNSENT_MESSAGE_KIND
      ? last.sender_id === viewerId
        ? null
        : (thread.participants_to_render.find((p) => p.id === last.sender_id)?.short_name ?? '')
      : undefined;
  const lastText =
    last === undefined
      ? ''
      : last.kind === PARTICIPANT_LEFT_KIND
        ? intl.formatMessage(conversationSettingsMessages.leftGroup, {
            name: isolateIn(intl, last.text),
          })
        : unsentBy !== undefined
          ? unsentBy === null
            ? intl.formatMessage(threadListMessages.youUnsent)
            : intl.formatMessage(threadListMessages.theyUnsent, {
                name: isolateIn(intl, unsentBy),
              })
          : previewText(last.text, last.attachments.length, (d, v) => intl.formatMessage(d, v));
  const reaction = reactionPreview(thread, viewerId, last?.timestamp ?? 0);
  const preview =
    reaction !== null
      ? intl.formatMessage(threadListMessages.reactedPreview, reaction)
      : last === undefined
        ? ''
        : last.sender_id === viewerId && unsentBy === undefined
          ? intl.formatMessage(threadListMessages.ownPreview, { text: isolateIn(intl, lastText) })
          : lastText;
  const badge = muted ? null : badgeText(thread.unread_count);
  return (
    <>
      <ThreadFace thread={thread} viewerId={viewerId} title={title} />
      <span className="thread-row-title" dir="auto">
        {title}
      </span>
      <span className="thread-row-preview" dir="auto">
        {preview}
      </span>
      {thread.last_activity_time > 0 ? (
        <time
          className="thread-row-age"
          dateTime={new Date(thread.last_activity_time).toISOString()}
          title={formatFullTime(intl, thread.last_activity_time, timeZone)}
        >
          {formatRelativeAge(intl, thread.last_activity_time, now, timeZone)}
        </time>
      ) : null}
      <MentionBadge count={thread.mentions_unread ?? 0} />
      {muted ? (
        <span
          className="thread-row-muted"
          role="img"
          aria-label={intl.formatMessage(conversationMenuMessages.muted)}
        >
          <MutedIcon />
        </span>
      ) : null}
      {badge === null ? null : (
        <span className="unread-badge">
          <span aria-hidden="true">{badge}</span>
          <span className="visually-hidden">
            {intl.formatMessage(threadListMessages.unread, { count: thread.unread_count })}
          </span>
        </span>
      )}
    </>
  );
}

type ThreadNode = ThreadListBody_query$data['viewer']['message_threads']['edges'][number]['node'];

export interface ThreadRowProps {
  thread: ThreadNode;
  viewerId: string;
  folder: ListFolder;
  currentThreadId: string | null;
  now: number;
  timeZone: string;
}

/** One conversation of the viewer's own list: a link to its permalink, its content and its "…" menu. */
export function ThreadRow({
  thread,
  viewerId,
  folder,
  currentThreadId,
  now,
  timeZone,
}: ThreadRowProps): ReactNode {
  const title = titleOf(thread, viewerId, ROW_TITLE_MAX);
  const muted = isMuted(thread.muted_until, browserClock);
  return (
    <GridListItem
      id={thread.thread_id}
      textValue={title}
      href={threadPermalink({ prefix: MESSENGER_PREFIX, tag: folder, threadId: thread.thread_id })}
      className="thread-row"
      data-current={thread.thread_id === currentThreadId || undefined}
      data-unread={thread.unread_count > 0 || undefined}
      data-muted={muted || undefined}
      data-thread-id={thread.thread_id}
    >
      <ThreadRowContent
        thread={thread}
        viewerId={viewerId}
        title={title}
        now={now}
        timeZone={timeZone}
        muted={muted}
      />
      <span className="thread-row-menu">
        <ConversationMenu
          threadId={thread.thread_id}
          title={title}
          isGroup={thread.is_group_thread}
          mutedUntil={thread.muted_until ?? null}
          folder={thread.folder}
          unreadCount={thread.unread_count}
        />
      </span>
    </GridListItem>
  );
}
