import type { MessageDescriptor } from '@messenger/core';
import { attachmentMessages } from './messages';

type Format = (descriptor: MessageDescriptor, values: Record<string, number>) => string;

/** A message's text for a one-line preview; a message of images alone is named by their count. */
export function previewText(text: string, imageCount: number, format: Format): string {
  if (text !== '' || imageCount === 0) return text;
  return format(attachmentMessages.preview, { count: imageCount });
}
