import { describe, expect, it } from 'vitest';
import { participantListText } from '../threads/participants';
import { isolateBidi, needsBidiIsolation } from './bidi';

const RLO = '\u202E';

describe('bidi isolation of user text', () => {
  it('leaves plain left-to-right text as it is', () => {
    expect(isolateBidi('Ann Lee')).toBe('Ann Lee');
    expect(isolateBidi('Ångström 42 🙂')).toBe('Ångström 42 🙂');
  });

  it('isolates overrides, embeddings and right-to-left letters', () => {
    for (const text of [
      `Eve${RLO}gnp.exe`,
      '\u202Bembedded',
      'שלום',
      'مرحبا',
      'mark\u200F',
      '\u2067x',
    ]) {
      expect(needsBidiIsolation(text), text).toBe(true);
      expect(isolateBidi(text)).toBe(`\u2068${text}\u2069`);
    }
  });

  it('keeps an override in one name from reordering the names after it', () => {
    const text = participantListText([`Eve${RLO}`, 'Bob', 'Cal']);
    expect(text).toBe(`\u2068Eve${RLO}\u2069, Bob and Cal`);
    expect(participantListText(['Ann', 'Bob'])).toBe('Ann and Bob');
  });
});
