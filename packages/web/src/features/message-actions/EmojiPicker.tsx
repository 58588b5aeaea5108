import { isOneEmoji } from '@messenger/core';
import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { Button, Input, Label, TextField } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { EMOJI_GROUPS } from './emoji-catalogue';
import { messageActionsMessages } from './messages';

export interface EmojiPickerProps {
  onPick: (emoji: string) => void;
  /** Each emoji button's name; "React with …" by default (the composer inserts instead). */
  labelFor?: (emoji: string) => string;
  /** The typed emoji's button; "React" by default. */
  submitLabel?: string;
}

/**
 * Any emoji (loaded on demand, outside the first screen): groups of buttons,
 * and a field that takes one typed or pasted emoji (core isOneEmoji, which
 * the server checks again).
 */
export function EmojiPicker({ onPick, labelFor, submitLabel }: EmojiPickerProps): ReactNode {
  const intl = useIntl();
  const [typed, setTyped] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const value = typed.trim();
    if (!isOneEmoji(value)) {
      setInvalid(true);
      return;
    }
    onPick(value);
  };
  return (
    <div className="emoji-picker">
      {EMOJI_GROUPS.map((group) => (
        <div key={group.name} role="group" aria-label={group.name} className="emoji-group">
          {group.emoji.map((emoji) => (
            <Button
              key={emoji}
              className="emoji-button"
              aria-label={
                labelFor?.(emoji) ?? intl.formatMessage(messageActionsMessages.reactWith, { emoji })
              }
              onPress={() => {
                onPick(emoji);
              }}
            >
              {emoji}
            </Button>
          ))}
        </div>
      ))}
      <form className="emoji-any" onSubmit={submit}>
        <TextField
          value={typed}
          onChange={(value) => {
            setTyped(value);
            setInvalid(false);
          }}
          isInvalid={invalid}
        >
          <Label>{intl.formatMessage(messageActionsMessages.anyEmoji)}</Label>
          <Input className="emoji-any-input" />
        </TextField>
        <Button type="submit" className="button">
          {submitLabel ?? intl.formatMessage(messageActionsMessages.useEmoji)}
        </Button>
        {invalid ? (
          <p role="alert" className="emoji-any-error">
            {intl.formatMessage(messageActionsMessages.notAnEmoji)}
          </p>
        ) : null}
      </form>
    </div>
  );
}
