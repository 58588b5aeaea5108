import { describe, expect, it } from 'vitest';
import { TYPEAHEAD } from '../constants';
import type { SearchEntry } from '../search/types';
import { initialTokenizerState, reduceTokenizer } from './tokenizer';
import type { TokenizerState } from './tokenizer';

function friend(id: number): SearchEntry {
  return {
    uniqueID: `friend:${id}`,
    order: id,
    title: `Friend ${id}`,
    subtitle: null,
    keywordString: '',
    type: 'friend',
    photo: null,
    uri: null,
    auxiliaryData: {},
  };
}

const ann = friend(1);
const bob = friend(2);
const cat = friend(3);

function withTokens(tokens: SearchEntry[], input = '', original: SearchEntry[] = []) {
  return { tokens, original, input } satisfies TokenizerState;
}

describe('reduceTokenizer: select', () => {
  it('adds a new entry and clears the query', () => {
    const next = reduceTokenizer(
      { ...initialTokenizerState(), input: 'an' },
      {
        type: 'select',
        entry: ann,
      },
    );
    expect(next.state).toEqual(withTokens([ann]));
    expect(next.outcome).toEqual({ kind: 'added', entry: ann });
    expect(next.commands).toEqual([]);
  });

  it('refuses an entry among the original ones, keeping the query', () => {
    const state = { ...initialTokenizerState([bob]), input: 'bo' };
    const next = reduceTokenizer(state, { type: 'select', entry: { ...bob, order: 9 } });
    expect(next.state).toBe(state);
    expect(next.outcome).toEqual({ kind: 'refused', reason: 'original_entry' });
  });

  it('removes an entry that was already added and reports token_removed', () => {
    const next = reduceTokenizer(withTokens([ann, bob], 'b'), { type: 'select', entry: bob });
    expect(next.state).toEqual(withTokens([ann]));
    expect(next.outcome).toEqual({ kind: 'removed', entry: bob });
    expect(next.commands).toEqual([
      { type: 'log_funnel_action', action: 'token_removed', uniqueID: 'friend:2' },
    ]);
  });

  it('never changes the state it is given', () => {
    const state = withTokens([ann], 'x');
    reduceTokenizer(state, { type: 'select', entry: bob });
    reduceTokenizer(state, { type: 'select', entry: ann });
    expect(state).toEqual(withTokens([ann], 'x'));
  });

  it('accepts up to 30 tokens and refuses the 31st; originals do not count', () => {
    const max = TYPEAHEAD.maxEntriesTokenizer;
    expect(max).toBe(30);
    const almost = withTokens(
      Array.from({ length: max - 1 }, (_, i) => friend(100 + i)),
      '',
      [cat],
    );
    const full = reduceTokenizer(almost, { type: 'select', entry: ann });
    expect(full.outcome.kind).toBe('added');
    expect(full.state.tokens).toHaveLength(max);
    const over = reduceTokenizer({ ...full.state, input: 'b' }, { type: 'select', entry: bob });
    expect(over.outcome).toEqual({ kind: 'refused', reason: 'max_tokens' });
    expect(over.state.tokens).toHaveLength(max);
    expect(over.state.input).toBe('b');
    // At the limit, picking an added token still removes it.
    expect(reduceTokenizer(full.state, { type: 'select', entry: ann }).outcome.kind).toBe(
      'removed',
    );
  });
});

describe('reduceTokenizer: backspace', () => {
  it('removes the last token when the input is empty', () => {
    const next = reduceTokenizer(withTokens([ann, bob]), { type: 'backspace' });
    expect(next.state.tokens).toEqual([ann]);
    expect(next.outcome).toEqual({ kind: 'removed', entry: bob });
    expect(next.commands).toHaveLength(1);
  });

  it('does nothing when the input has text', () => {
    const state = withTokens([ann], 'a');
    const next = reduceTokenizer(state, { type: 'backspace' });
    expect(next.state).toBe(state);
    expect(next.outcome).toEqual({ kind: 'none' });
    expect(next.commands).toEqual([]);
  });

  it('does nothing without tokens', () => {
    const state = initialTokenizerState([ann]);
    expect(reduceTokenizer(state, { type: 'backspace' }).outcome).toEqual({ kind: 'none' });
  });

  it('skips an original entry shown as a token', () => {
    const next = reduceTokenizer(withTokens([ann, bob], '', [bob]), { type: 'backspace' });
    expect(next.state.tokens).toEqual([bob]);
    expect(next.outcome).toEqual({ kind: 'removed', entry: ann });
  });
});

describe('reduceTokenizer: remove and input', () => {
  it('removes a token by id, keeping the query', () => {
    const next = reduceTokenizer(withTokens([ann, bob], 'x'), {
      type: 'remove',
      uniqueID: 'friend:1',
    });
    expect(next.state).toEqual(withTokens([bob], 'x'));
    expect(next.commands).toEqual([
      { type: 'log_funnel_action', action: 'token_removed', uniqueID: 'friend:1' },
    ]);
  });

  it('refuses to remove an original entry and ignores unknown ids', () => {
    const state = withTokens([ann], '', [bob]);
    expect(reduceTokenizer(state, { type: 'remove', uniqueID: 'friend:2' }).outcome).toEqual({
      kind: 'refused',
      reason: 'original_entry',
    });
    const next = reduceTokenizer(state, { type: 'remove', uniqueID: 'friend:9' });
    expect(next.state).toBe(state);
    expect(next.outcome).toEqual({ kind: 'none' });
  });

  it('tracks the input text', () => {
    const state = initialTokenizerState();
    const typed = reduceTokenizer(state, { type: 'input_changed', value: 'a' });
    expect(typed.state.input).toBe('a');
    expect(typed.outcome).toEqual({ kind: 'none' });
    expect(reduceTokenizer(state, { type: 'input_changed', value: '' }).state).toBe(state);
  });

  it('copies the original entries', () => {
    const original = [ann];
    const state = initialTokenizerState(original);
    original.push(bob);
    expect(state.original).toEqual([ann]);
  });
});
