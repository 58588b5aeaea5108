import { TYPEAHEAD, objectIdOf, typeaheadMessages, type SearchEntry } from '@messenger/core';
import { useContext, useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import {
  Button,
  ComboBox,
  ComboBoxStateContext,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Tag,
  TagGroup,
  TagList,
  type Key,
} from 'react-aria-components';
import { useIntl } from 'react-intl';
import { Face } from '../../ui/Face';
import { InertOutsideOpenCombo } from '../../ui/InertOutsideOpenCombo';
import { omnipickerMessages } from './messages';
import type { TokenizerModel } from './use-tokenizer';

export interface RecipientTokenizerProps {
  model: TokenizerModel;
  /** What the dropdown lists for the current query (suggestions or matches). */
  items: readonly SearchEntry[];
  /** Server results for the query are still on their way. */
  searching: boolean;
  /** The dropdown's name (seed 2: work-chat or messenger wording); else it is named by the label. */
  searchLabel?: string;
  /** The input's visible label; "To" unless given. */
  label?: string;
}

/**
 * The query input. It reads the combobox's state so that Enter with no
 * highlighted option picks the first one (type a name, press Enter),
 * Backspace in an empty input removes the last token (seed 4), and Escape
 * closes the dropdown before anything around it.
 */
function QueryInput({ model, items }: Pick<RecipientTokenizerProps, 'model' | 'items'>): ReactNode {
  const combo = useContext(ComboBoxStateContext);
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key === 'Backspace' && model.state.input === '') {
      model.dispatch({ type: 'backspace' });
      return;
    }
    if (event.key === 'Escape' && combo?.isOpen === true) {
      // Escape closes the dropdown only; a dialog around it waits for a second Escape. The text
      // goes with it: React Aria reopens a dropdown whose text differs from what it committed.
      event.stopPropagation();
      if (model.state.input !== '') model.dispatch({ type: 'input_changed', value: '' });
      return;
    }
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    // A highlighted option is picked by the combobox itself.
    if (combo?.selectionManager.focusedKey != null) return;
    const first = items[0];
    if (first !== undefined && model.state.input.trim() !== '') {
      event.preventDefault();
      model.dispatch({ type: 'select', entry: first });
      // While open, the popover hides the rest from assistive technology,
      // the token just added and a refusal's alert included.
      combo?.close();
    }
  }
  return (
    <Input
      className="tokenizer-input"
      onKeyDown={onKeyDown}
      // After a pick the dropdown closes with the focus still here; a click asks for it again.
      onClick={() => {
        if (combo?.isOpen === false) combo.open(null, 'manual');
      }}
    />
  );
}

/**
 * Closes the dropdown once a pick added a token: React Aria reopens it when
 * the text is cleared under the focus, and it then lay over the page's header
 * (issue 31). Typing opens it again.
 */
function CloseAfterPick({ tokens }: { tokens: number }): ReactNode {
  const combo = useContext(ComboBoxStateContext);
  const seen = useRef(tokens);
  useEffect(() => {
    if (tokens > seen.current) combo?.close();
    seen.current = tokens;
  }, [combo, tokens]);
  return null;
}

/**
 * Recipient tokenizer (seed 2): picked people are tokens (a TagGroup, each
 * with a remove button) before a combobox for finding more.
 */
export function RecipientTokenizer({
  model,
  items,
  searching,
  searchLabel,
  label,
}: RecipientTokenizerProps): ReactNode {
  const intl = useIntl();
  const { state, refusal, dispatch } = model;
  const byId = new Map(items.map((entry) => [entry.uniqueID, entry]));
  const removable = state.tokens.filter(
    (token) => !state.original.some((o) => o.uniqueID === token.uniqueID),
  );
  function onPick(key: Key | null): void {
    if (key === null) return;
    const entry = byId.get(String(key));
    if (entry !== undefined) dispatch({ type: 'select', entry });
  }
  let refusalText: string | null = null;
  if (refusal?.reason === 'original_entry') {
    refusalText = intl.formatMessage(omnipickerMessages.refusedOriginal, {
      name: refusal.entry?.title ?? '',
    });
  } else if (refusal?.reason === 'max_tokens') {
    refusalText = intl.formatMessage(omnipickerMessages.refusedMax, {
      max: TYPEAHEAD.maxEntriesTokenizer,
    });
  }
  return (
    <div className="tokenizer">
      {state.original.length + state.tokens.length > 0 ? (
        <TagGroup
          className="tokenizer-tokens"
          aria-label={intl.formatMessage(omnipickerMessages.recipientsList)}
          onRemove={(keys) => {
            for (const key of keys) dispatch({ type: 'remove', uniqueID: String(key) });
          }}
        >
          <TagList items={[...state.original, ...removable]} className="tokenizer-token-list">
            {(entry: SearchEntry) => (
              <Tag id={entry.uniqueID} textValue={entry.title} className="tokenizer-token">
                <Face
                  id={objectIdOf(entry.uniqueID)}
                  name={entry.title}
                  src={entry.photo}
                  size={20}
                />
                <bdi>{entry.title}</bdi>
                {removable.includes(entry) ? (
                  <Button
                    slot="remove"
                    className="tokenizer-remove"
                    // React Aria labels it by this and the token: "Remove Ann Archer".
                    aria-label={intl.formatMessage(omnipickerMessages.removeRecipient)}
                  >
                    ×
                  </Button>
                ) : null}
              </Tag>
            )}
          </TagList>
        </TagGroup>
      ) : null}
      <ComboBox
        className="tokenizer-combo"
        items={items}
        value={null}
        onChange={onPick}
        inputValue={state.input}
        onInputChange={(value) => {
          dispatch({ type: 'input_changed', value });
        }}
        menuTrigger="focus"
        allowsEmptyCollection
      >
        <Label>{label ?? intl.formatMessage(omnipickerMessages.recipients)}</Label>
        <QueryInput model={model} items={items} />
        <InertOutsideOpenCombo />
        <CloseAfterPick tokens={state.tokens.length} />
        <Popover className="tokenizer-popover" placement="bottom start" shouldFlip={false}>
          <ListBox
            className="tokenizer-options"
            {...(searchLabel === undefined ? {} : { 'aria-label': searchLabel })}
            renderEmptyState={() =>
              searching
                ? intl.formatMessage(typeaheadMessages.searching)
                : intl.formatMessage(omnipickerMessages.noResults)
            }
          >
            {(entry: SearchEntry) => (
              <ListBoxItem id={entry.uniqueID} textValue={entry.title} className="tokenizer-option">
                <bdi>{entry.title}</bdi>
                {entry.subtitle !== null ? (
                  <span className="tokenizer-subtitle"> {entry.subtitle}</span>
                ) : null}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      {refusalText !== null ? (
        // Stays exposed while the open dropdown hides the rest of the page.
        <p role="alert" className="tokenizer-refusal" data-react-aria-top-layer="true">
          {refusalText}
        </p>
      ) : null}
    </div>
  );
}
