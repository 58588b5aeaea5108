import { splitMentions, type Mention } from '@messenger/core';
import { useMemo, type ReactNode } from 'react';
import { MessageText } from '../../ui/MessageText';
import '../replies/replies.css';

/**
 * A message's text with its mentions drawn as names (the viewer's own more
 * strongly); the text between them goes through MessageText (links, emoticons).
 */
export function MentionedText({
  text,
  mentions,
  viewerParticipantId,
}: {
  text: string;
  mentions: readonly Mention[];
  viewerParticipantId: string;
}): ReactNode {
  const pieces = useMemo(() => splitMentions(text, mentions), [text, mentions]);
  if (mentions.length === 0) return <MessageText text={text} />;
  return pieces.map((piece, index) =>
    piece.kind === 'text' ? (
      <MessageText key={index} text={piece.text} />
    ) : (
      <span
        key={index}
        className="mention"
        data-mention-id={piece.id}
        data-me={piece.id === viewerParticipantId || undefined}
      >
        {piece.text}
      </span>
    ),
  );
}
