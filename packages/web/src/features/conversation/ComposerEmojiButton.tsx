import { Suspense, type ReactNode } from 'react';
import { Smile } from 'lucide-react';
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
        <Smile className="composer-icon" size={20} aria-hidden="true" focusable="false" />
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
