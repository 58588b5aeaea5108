import { tallyReactions, type WireReaction } from '@messenger/core';
import { useMemo, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { messageActionsMessages } from './messages';

export interface ReactionTalliesProps {
  messageId: string;
  reactions: readonly WireReaction[];
  viewerParticipantId: string;
  /** participant id → name as the thread shows them. */
  names: ReadonlyMap<string, string>;
  you: string;
  react: (messageId: string, emoji: string | null) => void;
}

/**
 * Under a message: each emoji with its count, naming who gave it (tooltip and
 * accessible name). Pressing one's own takes it back; pressing another's
 * reacts the same way.
 */
export function ReactionTallies({
  messageId,
  reactions,
  viewerParticipantId,
  names,
  you,
  react,
}: ReactionTalliesProps): ReactNode {
  const intl = useIntl();
  const tallies = useMemo(
    () => tallyReactions(reactions, viewerParticipantId),
    [reactions, viewerParticipantId],
  );
  if (tallies.length === 0) return null;
  return (
    <span className="reaction-tallies">
      {tallies.map((tally) => {
        const who = intl.formatList(
          tally.userIds.map((id) => (id === viewerParticipantId ? you : (names.get(id) ?? ''))),
          { type: 'conjunction' },
        );
        const label = intl.formatMessage(messageActionsMessages.tally, {
          emoji: tally.emoji,
          count: tally.count,
          names: who,
        });
        return (
          <Button
            key={tally.emoji}
            className="reaction-tally"
            data-mine={tally.mine || undefined}
            aria-pressed={tally.mine}
            aria-label={label}
            onPress={() => {
              react(messageId, tally.mine ? null : tally.emoji);
            }}
          >
            <span aria-hidden="true" title={label}>
              {tally.emoji}
              {tally.count > 1 ? <span className="reaction-count">{tally.count}</span> : null}
            </span>
          </Button>
        );
      })}
    </span>
  );
}
