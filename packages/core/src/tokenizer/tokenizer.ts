import { TYPEAHEAD } from '../constants';
import type { SearchEntry } from '../search/types';

/**
 * Recipient tokenizer (seed 2, 4, 5). `original` holds the entries that were
 * already there when picking started (e.g. a group's current members): they
 * are shown but fixed, so they are neither added again nor removed. `tokens`
 * holds what the user picked, in order. Entries are the same when their
 * uniqueID is.
 */
export interface TokenizerState {
  tokens: SearchEntry[];
  original: SearchEntry[];
  input: string;
}

export type TokenizerEvent =
  /** An entry picked in the dropdown: toggles its token. */
  | { type: 'select'; entry: SearchEntry }
  | { type: 'input_changed'; value: string }
  /** Backspace pressed; only acts on an empty input. */
  | { type: 'backspace' }
  /** A token's remove button. */
  | { type: 'remove'; uniqueID: string };

export type RefusalReason = 'original_entry' | 'max_tokens';

export type TokenizerOutcome =
  | { kind: 'added'; entry: SearchEntry }
  | { kind: 'removed'; entry: SearchEntry }
  | { kind: 'refused'; reason: RefusalReason }
  /** The tokens did not change (the input may have). */
  | { kind: 'none' };

/** Effects for the caller: removals are logged to the search funnel (seed 4). */
export interface TokenRemovedCommand {
  type: 'log_funnel_action';
  action: 'token_removed';
  uniqueID: string;
}

export interface TokenizerTransition {
  state: TokenizerState;
  outcome: TokenizerOutcome;
  commands: TokenRemovedCommand[];
}

export function initialTokenizerState(original: readonly SearchEntry[] = []): TokenizerState {
  return { tokens: [], original: [...original], input: '' };
}

function isOriginal(state: TokenizerState, uniqueID: string): boolean {
  return state.original.some((e) => e.uniqueID === uniqueID);
}

function noTokenChange(state: TokenizerState): TokenizerTransition {
  return { state, outcome: { kind: 'none' }, commands: [] };
}

function refused(state: TokenizerState, reason: RefusalReason): TokenizerTransition {
  return { state, outcome: { kind: 'refused', reason }, commands: [] };
}

function removeAt(state: TokenizerState, index: number, input: string): TokenizerTransition {
  const entry = state.tokens[index];
  if (entry === undefined) return noTokenChange(state);
  return {
    state: { ...state, tokens: state.tokens.filter((_, i) => i !== index), input },
    outcome: { kind: 'removed', entry },
    commands: [{ type: 'log_funnel_action', action: 'token_removed', uniqueID: entry.uniqueID }],
  };
}

/**
 * Picking toggles: a new entry is added (the query is cleared for the next
 * name), an added one is removed. An original entry is refused, and so is a
 * new one once TYPEAHEAD.maxEntriesTokenizer tokens are picked (originals do
 * not count towards that limit). A refusal keeps the query.
 */
function select(state: TokenizerState, entry: SearchEntry): TokenizerTransition {
  if (isOriginal(state, entry.uniqueID)) return refused(state, 'original_entry');
  const index = state.tokens.findIndex((e) => e.uniqueID === entry.uniqueID);
  if (index >= 0) return removeAt(state, index, '');
  if (state.tokens.length >= TYPEAHEAD.maxEntriesTokenizer) return refused(state, 'max_tokens');
  return {
    state: { ...state, tokens: [...state.tokens, entry], input: '' },
    outcome: { kind: 'added', entry },
    commands: [],
  };
}

function lastRemovableIndex(state: TokenizerState): number {
  return state.tokens.findLastIndex((e) => !isOriginal(state, e.uniqueID));
}

export function reduceTokenizer(state: TokenizerState, event: TokenizerEvent): TokenizerTransition {
  switch (event.type) {
    case 'select':
      return select(state, event.entry);
    case 'input_changed':
      return noTokenChange(event.value === state.input ? state : { ...state, input: event.value });
    case 'backspace':
      // A non-empty input is the text field's own business.
      return state.input === ''
        ? removeAt(state, lastRemovableIndex(state), '')
        : noTokenChange(state);
    case 'remove':
      if (isOriginal(state, event.uniqueID)) return refused(state, 'original_entry');
      return removeAt(
        state,
        state.tokens.findIndex((e) => e.uniqueID === event.uniqueID),
        state.input,
      );
  }
}
