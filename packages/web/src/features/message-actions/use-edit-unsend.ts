import { hasErrorCode, type ErrorCode } from '@messenger/core';
import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { editMessageRecord, hideMessageRecord, unsendMessageRecord } from '../sync/records';
import type { useEditUnsendRemoveMutation } from './__generated__/useEditUnsendRemoveMutation.graphql';
import type { useEditUnsendEditMutation } from './__generated__/useEditUnsendEditMutation.graphql';
import type { useEditUnsendUnsendMutation } from './__generated__/useEditUnsendUnsendMutation.graphql';

/** Why the server refused: the window closed, or anything else. */
export type EditFailure = Extract<ErrorCode, 'window_closed'> | 'failed';

function failureOf(error: Error): EditFailure {
  const source = (error as { source?: { errors?: { extensions?: { code?: string } }[] } }).source;
  const code = source?.errors?.[0]?.extensions?.code;
  return hasErrorCode(code, 'window_closed') || /too old/.test(error.message)
    ? 'window_closed'
    : 'failed';
}

/**
 * edit_message and unsend_message from the web. Their answers update the
 * message in the store at once; the socket's deltas say the same on every
 * other page.
 */
export function useEditUnsend(): {
  edit: (messageId: string, text: string, done: (failure: EditFailure | null) => void) => void;
  unsend: (messageId: string, done: (failure: EditFailure | null) => void) => void;
  removeForYou: (messageId: string) => void;
} {
  const [commitRemove] = useMutation<useEditUnsendRemoveMutation>(graphql`
    mutation useEditUnsendRemoveMutation($messageId: ID!) {
      remove_message_for_you(message_id: $messageId) {
        message_id
      }
    }
  `);
  const removeForYou = useCallback(
    (messageId: string) => {
      commitRemove({
        variables: { messageId },
        updater: (store, data) => {
          const result = data?.remove_message_for_you;
          if (result) hideMessageRecord(store, result.message_id);
        },
      });
    },
    [commitRemove],
  );
  const [commitEdit] = useMutation<useEditUnsendEditMutation>(graphql`
    mutation useEditUnsendEditMutation($messageId: ID!, $text: String!) {
      edit_message(message_id: $messageId, text: $text) {
        message_id
        text
        edited_at
      }
    }
  `);
  const [commitUnsend] = useMutation<useEditUnsendUnsendMutation>(graphql`
    mutation useEditUnsendUnsendMutation($messageId: ID!) {
      unsend_message(message_id: $messageId) {
        message_id
      }
    }
  `);
  const edit = useCallback(
    (messageId: string, text: string, done: (failure: EditFailure | null) => void) => {
      commitEdit({
        variables: { messageId, text },
        updater: (store, data) => {
          const result = data?.edit_message;
          if (result?.edited_at != null) {
            editMessageRecord(store, result.message_id, result.text, result.edited_at);
          }
        },
        onCompleted: () => {
          done(null);
        },
        onError: (error) => {
          done(failureOf(error));
        },
      });
    },
    [commitEdit],
  );
  const unsend = useCallback(
    (messageId: string, done: (failure: EditFailure | null) => void) => {
      commitUnsend({
        variables: { messageId },
        updater: (store, data) => {
          const result = data?.unsend_message;
          if (result) unsendMessageRecord(store, result.message_id);
        },
        onCompleted: () => {
          done(null);
        },
        onError: (error) => {
          done(failureOf(error));
        },
      });
    },
    [commitUnsend],
  );
  return { edit, unsend, removeForYou };
}
