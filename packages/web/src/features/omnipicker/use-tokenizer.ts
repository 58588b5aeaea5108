import {
  initialTokenizerState,
  reduceTokenizer,
  type RefusalReason,
  type SearchEntry,
  type TokenizerEvent,
  type TokenizerState,
} from '@messenger/core';
import { useCallback, useState } from 'react';

export interface TokenizerModel {
  state: TokenizerState;
  /** Why the last pick was refused, shown until the tokens change or the user types. */
  refusal: { reason: RefusalReason; entry: SearchEntry | null } | null;
  dispatch: (event: TokenizerEvent) => void;
}

/**
 * Holds the recipient tokens through core's pure reducer (seed 4,
 * "Tokenizer"): picking toggles, originals are refused, Backspace on an empty
 * query drops the last token. The reducer's funnel commands are not performed
 * here: the search funnel has no logger in the web client yet.
 */
export function useTokenizer(original: readonly SearchEntry[] = []): TokenizerModel {
  const [model, setModel] = useState<Omit<TokenizerModel, 'dispatch'>>(() => ({
    state: initialTokenizerState(original),
    refusal: null,
  }));
  const dispatch = useCallback((event: TokenizerEvent) => {
    setModel((current) => {
      const { state, outcome } = reduceTokenizer(current.state, event);
      if (outcome.kind === 'refused') {
        return {
          state,
          refusal: { reason: outcome.reason, entry: event.type === 'select' ? event.entry : null },
        };
      }
      if (state === current.state) return current;
      // The combobox empties its input after any pick, a refused one too:
      // that is not the user moving on, so the refusal stays.
      const movedOn = state.tokens !== current.state.tokens || state.input !== '';
      return { state, refusal: movedOn ? null : current.refusal };
    });
  }, []);
  return { ...model, dispatch };
}
