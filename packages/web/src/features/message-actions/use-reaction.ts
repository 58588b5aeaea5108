import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { setReactions } from '../sync/records';
import type { useReactionMutation } from './__generated__/useReactionMutation.graphql';

/**
 * set_message_reaction from the web: an emoji sets or changes the viewer's
 * reaction, null removes it. The answer (and the socket's delta, which says
 * the same) replaces the message's reactions in the store.
 */
export function useReaction(onError: () => void): {
  react: (messageId: string, emoji: string | null) => void;
  isInFlight: boolean;
} {
  const [commit, isInFlight] = useMutation<useReactionMutation>(graphql`
    mutation useReactionMutation($messageId: ID!, $emoji: String) {
      set_message_reaction(message_id: $messageId, emoji: $emoji) {
        message_id
        reactions {
          user_id
          emoji
        }
      }
    }
  `);
  const react = useCallback(
    (messageId: string, emoji: string | null) => {
      commit({
        variables: { messageId, emoji },
        updater: (store, data) => {
          const result = data?.set_message_reaction;
          if (result) setReactions(store, result.message_id, result.reactions);
        },
        onError,
      });
    },
    [commit, onError],
  );
  return { react, isInFlight };
}
