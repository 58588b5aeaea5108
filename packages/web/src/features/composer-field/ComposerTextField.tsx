import { MESSAGING_LIMITS, textLength } from '@messenger/core';
import { useId, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { Label, TextArea, TextField } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { composerFieldMessages } from './messages';

/** Longer than a message may be (the server refuses it alike). */
export function messageTooLong(text: string): boolean {
  return textLength(text) > MESSAGING_LIMITS.messageTextMax;
}

/**
 * The message field every composer shares: its label, Enter to send (Shift+Enter
 * for a new line, never while an IME composes), and the too-long warning tied
 * to the field.
 */
export function ComposerTextField({
  value,
  onChange,
  onEnter,
  onBlur,
  textAreaRef,
  onKey,
  onCaret,
  listbox,
}: {
  value: string;
  onChange: (value: string) => void;
  onEnter: () => void;
  onBlur?: () => void;
  textAreaRef?: RefObject<HTMLTextAreaElement | null>;
  /** Keys for something the field controls (the mention listbox, a reply): true when handled. */
  onKey?: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean;
  /** Where the caret is after typing, a click or an arrow key. */
  onCaret?: (caret: number) => void;
  /** The listbox the field controls, and its active option, while it is open. */
  listbox?: { id: string; activeId: string } | null;
}): ReactNode {
  const intl = useIntl();
  const warningId = useId();
  const tooLong = messageTooLong(value);

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): void {
    if (onKey?.(event) === true) {
      event.preventDefault();
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onEnter();
    }
  }

  return (
    <>
      <TextField
        className="composer-field"
        value={value}
        onChange={onChange}
        {...(onBlur === undefined ? {} : { onBlur })}
        isInvalid={tooLong}
        {...(tooLong ? { 'aria-describedby': warningId } : {})}
      >
        <Label className="visually-hidden">
          {intl.formatMessage(composerFieldMessages.composerLabel)}
        </Label>
        <TextArea
          ref={textAreaRef}
          rows={2}
          placeholder={intl.formatMessage(composerFieldMessages.composerPlaceholder)}
          onKeyDown={onKeyDown}
          onSelect={(event) => onCaret?.(event.currentTarget.selectionStart)}
          aria-autocomplete={onCaret === undefined ? undefined : 'list'}
          aria-controls={listbox?.id}
          aria-activedescendant={listbox?.activeId}
        />
      </TextField>
      {tooLong ? (
        <p id={warningId} className="composer-error">
          {intl.formatMessage(composerFieldMessages.tooLong, {
            max: MESSAGING_LIMITS.messageTextMax,
          })}
        </p>
      ) : null}
    </>
  );
}
