import { tokenizeMessage, type MessageDescriptor } from '@messenger/core';
import { attachmentMessages } from './messages';

type Format = (descriptor: MessageDescriptor, values: Record<string, number>) => string;

/**
 * A message's text for a one-line preview, its emoticons shown as emoji as in
 * the thread ("<3" is ❤️ in both); a message of images alone is named by
 * their count.
 */
export function previewText(text: string, imageCount: number, format: Format): string {
  if (text !== '' || imageCount === 0) return withEmoji(text);
  return format(attachmentMessages.preview, { count: imageCount });
}

/** The text with each emoticon core's tokenizer finds replaced by its emoji. */
export function withEmoji(text: string): string {
  return tokenizeMessage(text)
    .map((segment) => (segment.kind === 'emoticon' ? segment.emoji : segment.text))
    .join('');
}
