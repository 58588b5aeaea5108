import { Suspense, type ReactNode } from 'react';
import { Button, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { lazyRoute } from '../../lib/bootload';
import { InlineLoading } from '../../ui/InlineLoading';
import type { EmojiPickerProps } from '../message-actions/EmojiPicker';
import { conversationMessages } from './messages';

// The picker (and its catalogue) load the first time someone opens it: outside the first screen.
const LazyEmojiPicker = lazyRoute<EmojiPickerProps>(() =>
  import('../message-actions/EmojiPicker').then((module) => ({ default: module.EmojiPicker })),
);

/** The composer's emoji button: a picker whose choice goes into the text at the caret. */
export function ComposerEmojiButton({ onPick }: { onPick: (emoji: string) => void }): ReactNode {
  const intl = useIntl();
  return (
    <DialogTrigger>
      <Button
        className="button composer-emoji"
        aria-label={intl.formatMessage(conversationMessages.emoji)}
      >
        {/* Drawn, not a glyph: it looks the same whatever emoji font the device has. */}
        <svg className="composer-icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <circle cx="10" cy="10" r="7.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <circle cx="7.5" cy="8.5" r="1" fill="currentColor" />
          <circle cx="12.5" cy="8.5" r="1" fill="currentColor" />
          <path d="M6.5 12a4 4 0 0 0 7 0" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </Button>
      <Popover placement="top" className="reaction-popover">
        <Dialog
          className="reaction-dialog"
          aria-label={intl.formatMessage(conversationMessages.emoji)}
        >
          {({ close }) => (
            <Suspense fallback={<InlineLoading />}>
              <LazyEmojiPicker
                onPick={(emoji) => {
                  onPick(emoji);
                  close();
                }}
                labelFor={(emoji) =>
                  intl.formatMessage(conversationMessages.insertEmoji, { emoji })
                }
                submitLabel={intl.formatMessage(conversationMessages.insert)}
              />
            </Suspense>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
