import type { MuteChoice } from '@messenger/core';
import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useConversationActionsArchiveMutation } from './__generated__/useConversationActionsArchiveMutation.graphql';
import type { useConversationActionsDeleteMutation } from './__generated__/useConversationActionsDeleteMutation.graphql';
import type { useConversationActionsLeaveMutation } from './__generated__/useConversationActionsLeaveMutation.graphql';
import type { useConversationActionsMarkReadMutation } from './__generated__/useConversationActionsMarkReadMutation.graphql';
import type { useConversationActionsMarkUnreadMutation } from './__generated__/useConversationActionsMarkUnreadMutation.graphql';
import type { useConversationActionsMuteMutation } from './__generated__/useConversationActionsMuteMutation.graphql';

export type ConversationAction =
  | { kind: 'mute'; mute: MuteChoice | null }
  | { kind: 'archive'; archived: boolean }
  | { kind: 'mark_unread' }
  | { kind: 'mark_read' }
  | { kind: 'delete' }
  | { kind: 'leave' };

type Done = (ok: boolean) => void;

/**
 * The conversation menu's mutations. Their answers change nothing in the
 * store themselves: the server sends the change to every page of the viewer
 * as a delta (thread_updated, thread_removed), this one included, and the
 * thread list's reducer applies it once for all of them.
 */
export function useConversationActions(): (
  threadId: string,
  action: ConversationAction,
  done?: Done,
) => void {
  const [mute] = useMutation<useConversationActionsMuteMutation>(graphql`
    mutation useConversationActionsMuteMutation($threadId: ID!, $mute: String) {
      set_thread_mute(thread_id: $threadId, mute: $mute) {
        thread_id
        muted_until
      }
    }
  `);
  const [archive] = useMutation<useConversationActionsArchiveMutation>(graphql`
    mutation useConversationActionsArchiveMutation($threadId: ID!, $archived: Boolean!) {
      set_thread_archived(thread_id: $threadId, archived: $archived) {
        thread_id
        folder
      }
    }
  `);
  const [markUnread] = useMutation<useConversationActionsMarkUnreadMutation>(graphql`
    mutation useConversationActionsMarkUnreadMutation($threadId: ID!) {
      mark_thread_unread(thread_id: $threadId) {
        thread_id
        unread_count
      }
    }
  `);
  const [markRead] = useMutation<useConversationActionsMarkReadMutation>(graphql`
    mutation useConversationActionsMarkReadMutation($threadId: ID!) {
      mark_thread_read(thread_id: $threadId) {
        thread_id
        unread_count
      }
    }
  `);
  const [remove] = useMutation<useConversationActionsDeleteMutation>(graphql`
    mutation useConversationActionsDeleteMutation($threadId: ID!) {
      delete_thread_for_you(thread_id: $threadId)
    }
  `);
  const [leave] = useMutation<useConversationActionsLeaveMutation>(graphql`
    mutation useConversationActionsLeaveMutation($threadId: ID!) {
      leave_thread(thread_id: $threadId)
    }
  `);
  return useCallback(
    (threadId: string, action: ConversationAction, done?: Done) => {
      const callbacks = {
        onCompleted: () => done?.(true),
        onError: () => done?.(false),
      };
      switch (action.kind) {
        case 'mute':
          mute({ variables: { threadId, mute: action.mute }, ...callbacks });
          return;
        case 'archive':
          archive({ variables: { threadId, archived: action.archived }, ...callbacks });
          return;
        case 'mark_unread':
          markUnread({ variables: { threadId }, ...callbacks });
          return;
        case 'mark_read':
          markRead({ variables: { threadId }, ...callbacks });
          return;
        case 'delete':
          remove({ variables: { threadId }, ...callbacks });
          return;
        case 'leave':
          leave({ variables: { threadId }, ...callbacks });
          return;
      }
    },
    [archive, leave, markRead, markUnread, mute, remove],
  );
}
