import { emoticonLabels, tokenizeMessage } from '@messenger/core';
import { useMemo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

/**
 * A message's text as core's tokenizer cuts it: plain text, emoticons shown
 * as emoji with their name for screen readers, and links with safe hrefs
 * (http and https only). Never HTML: every piece is a React text node.
 */
export function MessageText({ text }: { text: string }): ReactNode {
  const intl = useIntl();
  // Tokenized once per text: a row renders again when its receipt or sender changes.
  const segments = useMemo(() => tokenizeMessage(text), [text]);
  return segments.map((segment, index) => {
    switch (segment.kind) {
      case 'text':
        return <span key={index}>{segment.text}</span>;
      case 'emoticon':
        return (
          <span
            key={index}
            role="img"
            className="emoticon"
            aria-label={intl.formatMessage(emoticonLabels[segment.name])}
            title={segment.text}
          >
            {segment.emoji}
          </span>
        );
      case 'link':
        return (
          <a key={index} href={segment.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {segment.text}
          </a>
        );
    }
  });
}
