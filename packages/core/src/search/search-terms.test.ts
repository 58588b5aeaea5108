import { describe, expect, it } from 'vitest';
import { searchTermsOf } from './search-terms';

describe('searchTermsOf', () => {
  it('treats a blank query as everything', () => {
    expect(searchTermsOf('   ').kind).toBe('everything');
    expect(searchTermsOf('').kind).toBe('everything');
  });

  it.each(['""', "''", '**', '()', '--', '..', '$$', '🙂🙂', '"*', '\u0301\u0301', '™™', 'NEAR('])(
    'finds no words in %j, so it matches nothing',
    (query) => {
      const terms = searchTermsOf(query);
      expect(terms.kind).toBe(query === 'NEAR(' ? 'words' : 'nothing');
    },
  );

  it('keeps letter and digit words only, flattened and raw', () => {
    expect(searchTermsOf('  Ångström "O\'Brien"* 42 ')).toEqual({
      kind: 'words',
      normalized: 'angstrom "o\'brien"* 42',
      words: ['angstrom', 'o', 'brien', '42'],
      rawWords: ['ångström', 'o', 'brien', '42'],
    });
  });
});
