import { UNSENT_MESSAGE_KIND, badgeText, isolateBidi } from '@messenger/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { previewText } from '../attachments/preview';
import { messageActionsMessages } from '../message-actions/messages';
import { formatFullTime, formatRelativeAge } from '../time/format';
import { threadListMessages } from './messages';
import { reactionPreview, type ReactionPreviewData } from './reaction-preview';
import { ThreadFace, type ThreadFaceData } from './ThreadFace';

/** What a row of a thread list reads of its thread (the inbox's and the page inbox's queries). */
export interface ThreadRowData extends ThreadFaceData, ReactionPreviewData {
  readonly thread_id: string;
  readonly unread_count: number;
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

/**
 * The inside of one thread row: face, title, the last message (or the newest
 * reaction to the viewer's message), its age and the unread badge. `viewerId`
 * is whom the list is read as: the person, or the page in a page inbox.
 */
export function ThreadRowContent({
  thread,
  viewerId,
  title,
  now,
  timeZone,
}: {
  thread: ThreadRowData;
  viewerId: string;
  title: string;
  now: number;
  timeZone: string;
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
      : unsentBy !== undefined
        ? unsentBy === null
          ? intl.formatMessage(messageActionsMessages.youUnsent)
          : intl.formatMessage(messageActionsMessages.theyUnsent, { name: unsentBy })
        : previewText(last.text, last.attachments.length, (d, v) => intl.formatMessage(d, v));
  const reaction = reactionPreview(thread, viewerId, last?.timestamp ?? 0);
  const preview =
    reaction !== null
      ? intl.formatMessage(messageActionsMessages.reactedPreview, reaction)
      : last === undefined
        ? ''
        : last.sender_id === viewerId && unsentBy === undefined
          ? intl.formatMessage(threadListMessages.ownPreview, { text: isolateBidi(lastText) })
          : lastText;
  const badge = badgeText(thread.unread_count);
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
