import { describe, expect, it } from 'vitest';
import { buildSearchEntries } from './entry';
import { eachWordMatchesADistinctWord, entryTexts, rankEntries, triage } from './ranking';
import type { TriageTexts } from './ranking';

const byName = (name: string | null): TriageTexts => ({ name });

describe('triage', () => {
  const names = ['Ann Lee', 'Ann', 'Joanne', 'Bo Annson', 'Annabel', 'Carl'];

  it('sorts into exact, prefix, word prefix and rest, keeping input order', () => {
    expect(triage('ann', names, byName)).toEqual({
      exact: ['Ann'],
      prefix: ['Ann Lee', 'Annabel'],
      wordPrefix: ['Bo Annson'],
      rest: ['Joanne', 'Carl'],
    });
  });

  it('matches on flattened names from either side', () => {
    const result = triage('angstrom', ['Ångström', 'Anders Ångström', 'Karl Ångströmer'], byName);
    expect(result.exact).toEqual(['Ångström']);
    expect(result.wordPrefix).toEqual(['Anders Ångström', 'Karl Ångströmer']);
    expect(triage('ÉMOND', ['emond'], byName).exact).toEqual(['emond']);
  });

  it('treats a one-character query like any other', () => {
    expect(triage('a', ['A', 'Ab', 'b a', 'b'], byName)).toEqual({
      exact: ['A'],
      prefix: ['Ab'],
      wordPrefix: ['b a'],
      rest: ['b'],
    });
  });

  it('normalizes query whitespace for exact and prefix matches', () => {
    expect(triage('  ann   lee ', ['Ann Lee', 'Ann  Lee Smith'], byName)).toMatchObject({
      exact: ['Ann Lee'],
      prefix: ['Ann  Lee Smith'],
    });
  });

  it('needs every word of a multi-word query to start some word', () => {
    const result = triage('lee ann', ['Ann Lee', 'Ann Smith', 'Leena Annes', 'Lee'], byName);
    expect(result.wordPrefix).toEqual(['Ann Lee', 'Leena Annes']);
    expect(result.rest).toEqual(['Ann Smith', 'Lee']);
  });

  it('needs each query word to start a different word of the name (Zulip)', () => {
    const result = triage('ann an', ['Anna Smith', 'Anna Andersen', 'Ann Anna'], byName);
    expect(result.wordPrefix).toEqual(['Anna Andersen']);
    expect(result.prefix).toEqual(['Ann Anna']);
    expect(result.rest).toEqual(['Anna Smith']);
    // Order does not matter, and a word shared by the name and a token counts once.
    expect(triage('an ann', ['Anna Andersen'], byName).wordPrefix).toEqual(['Anna Andersen']);
    const withTokens: TriageTexts[] = [{ name: 'Anna Smith', tokens: ['anna smith'] }];
    expect(triage('ann an', withTokens, (t) => t).rest).toEqual(withTokens);
  });

  it('finds a distinct word for every query word when greedy choice would fail', () => {
    // 'a' could take 'ab' first; 'ab' then needs it, so 'a' must move to 'ax'.
    expect(eachWordMatchesADistinctWord(['a', 'ab'], ['ab', 'ax'])).toBe(true);
    expect(eachWordMatchesADistinctWord(['ab', 'ab'], ['ab', 'ax'])).toBe(false);
    expect(eachWordMatchesADistinctWord(['a', 'b', 'c'], ['abc', 'b'])).toBe(false);
    expect(eachWordMatchesADistinctWord([], ['x'])).toBe(true);
  });

  it('matches search tokens only as word prefixes', () => {
    const items: TriageTexts[] = [
      { name: 'Robert', tokens: ['Bob', 'Bobby Tables'] },
      { name: 'Bob', tokens: [] },
      { name: 'Alice', tokens: ['tables'] },
      { name: 'Zed' },
    ];
    const result = triage('bob', items, (t) => t);
    expect(result.exact).toEqual([items[1]]);
    expect(result.wordPrefix).toEqual([items[0]]);
    expect(triage('bob tab', items, (t) => t).wordPrefix).toEqual([items[0]]);
    expect(triage('tab', items, (t) => t).wordPrefix).toEqual([items[0], items[2]]);
  });

  it('never matches an unknown name by exact or prefix', () => {
    const result = triage(
      'x',
      [null, { name: null, tokens: ['xavier'] }],
      (i) => i ?? byName(null),
    );
    expect(result.exact).toEqual([]);
    expect(result.wordPrefix).toEqual([{ name: null, tokens: ['xavier'] }]);
    expect(result.rest).toEqual([null]);
  });

  it('puts everything in prefix for a blank query', () => {
    expect(triage(' ', ['b', 'a'], byName)).toEqual({
      exact: [],
      prefix: ['b', 'a'],
      wordPrefix: [],
      rest: [],
    });
  });

  it('matches a punctuation-only query only by prefix', () => {
    expect(triage("'", ["'quoted'", 'plain'], byName)).toEqual({
      exact: [],
      prefix: ["'quoted'"],
      wordPrefix: [],
      rest: ['plain'],
    });
  });
});

describe('rankEntries', () => {
  const entries = buildSearchEntries([
    { uid: '1', type: 'friend', text: 'Bo Ångström' },
    { uid: '2', type: 'friend', text: 'Angela', tokens: 'angie' },
    { uid: '3', type: 'thread', text: 'Climbing', tokens: ['Anders', 'Bo'] },
    { uid: '4', type: 'friend', text: 'Angstrom' },
    { uid: '5', type: 'friend', text: 'Carl', aux_data: { alias: 'Angus' } },
    { uid: '6', type: 'page', text: 'Dance' },
  ]);

  it('returns exact, then prefix, then word-prefix matches and drops the rest', () => {
    expect(rankEntries('ang', entries).map((e) => e.uniqueID)).toEqual([
      'friend:2',
      'friend:4',
      'friend:1',
      'friend:5',
    ]);
    expect(rankEntries('angstrom', entries).map((e) => e.uniqueID)).toEqual([
      'friend:4',
      'friend:1',
    ]);
  });

  it('matches keyword tokens and multi-word queries', () => {
    expect(rankEntries('and', entries).map((e) => e.uniqueID)).toEqual(['thread:3']);
    expect(rankEntries('bo and', entries).map((e) => e.uniqueID)).toEqual(['thread:3']);
    expect(rankEntries('zzz', entries)).toEqual([]);
  });

  it('exposes title, tokens and alias as match texts', () => {
    expect(entryTexts(entries[4]!)).toEqual({ name: 'Carl', tokens: ['Angus'] });
    expect(entryTexts(entries[2]!)).toEqual({ name: 'Climbing', tokens: ['Anders', 'Bo'] });
    expect(entryTexts(entries[0]!)).toEqual({ name: 'Bo Ångström', tokens: [] });
  });
});
