import { describe, expect, it, vi } from 'vitest';
import { createTypeahead, isServerQuery, queryLength, type TypeaheadConfig } from './reducer';
import {
  isSearching,
  queryStatus,
  searchingIndicator,
  serverEntries,
  type TypeaheadEvent,
  type TypeaheadState,
} from './state';
import { formatDefaultMessage } from '../i18n';
import type { EntryType, SearchEntry } from '../search/types';

const entry = (type: EntryType, id: number, title = `${type} ${id}`): SearchEntry => ({
  uniqueID: `${type}:${id}`,
  order: id,
  title,
  subtitle: null,
  keywordString: '',
  type,
  photo: null,
  uri: null,
  auxiliaryData: {},
});

const ann = entry('friend', 1, 'Ann');
const anna = entry('friend', 2, 'Anna');
const bob = entry('friend', 3, 'Bob');
const annGroup = entry('thread', 4, 'Ann and friends');
const annPage = entry('page', 5, 'Ann Page');
const cache = [ann, anna, bob, annGroup, annPage];

const rankLocal = (query: string, entries: readonly SearchEntry[]) =>
  entries.filter((e) => e.title.toLowerCase().includes(query.trim().toLowerCase()));

function setup(overrides: Partial<TypeaheadConfig> = {}) {
  const model = createTypeahead({ sources: ['users', 'pages'], rankLocal, ...overrides });
  const run = (state: TypeaheadState, ...events: TypeaheadEvent[]) =>
    events.reduce((current, event) => model.reduce(current, event).state, state);
  return { model, run, initial: model.initialState(cache) };
}

describe('query length', () => {
  it('counts visible characters, ignoring outer spaces', () => {
    expect(queryLength(' ab ')).toBe(2);
    expect(queryLength('👍🏽')).toBe(1);
    expect(queryLength('')).toBe(0);
  });

  it('sends 2 characters to the server but not 1, unless short queries are allowed', () => {
    expect(isServerQuery('a')).toBe(false);
    expect(isServerQuery('ab')).toBe(true);
    expect(isServerQuery('a', true)).toBe(true);
    expect(isServerQuery('  ', true)).toBe(false);
  });
});

describe('typeahead: empty query', () => {
  it('shows top friends and groups from the cache, with no server search', () => {
    const { initial } = setup();
    expect(initial.status).toBe('empty');
    expect(initial.local).toEqual([ann, anna, bob, annGroup]);
    expect(queryStatus(initial)).toBe('COMPLETE');
    expect(searchingIndicator(initial)).toBeNull();
  });

  it('starts with an empty cache by default', () => {
    expect(setup().model.initialState().local).toEqual([]);
  });
});

describe('typeahead: query changes', () => {
  it('searches the server for 2 characters but not for 1', () => {
    const { model, initial } = setup();
    const one = model.reduce(initial, { type: 'query_changed', query: 'a' });
    expect(one.state.status).toBe('local_only');
    expect(one.commands).toEqual([]);
    expect(queryStatus(one.state)).toBe('COMPLETE');

    const two = model.reduce(initial, { type: 'query_changed', query: 'an' });
    expect(two.state.status).toBe('debouncing');
    expect(two.commands).toEqual([{ type: 'schedule_debounce', query: 'an', delayMs: 150 }]);
  });

  it('searches the server for 1 character when short queries are allowed', () => {
    const { model, initial } = setup({ allowShortQueries: true });
    const one = model.reduce(initial, { type: 'query_changed', query: 'a' });
    expect(one.commands).toEqual([{ type: 'schedule_debounce', query: 'a', delayMs: 150 }]);
  });

  it('counts a spaced single character as 1', () => {
    const { model, initial } = setup();
    expect(model.reduce(initial, { type: 'query_changed', query: ' a ' }).commands).toEqual([]);
  });

  it('shows local matches ranked by the injected function', () => {
    const spy = vi.fn(rankLocal);
    const { model, initial } = setup({ rankLocal: spy });
    const { state } = model.reduce(initial, { type: 'query_changed', query: 'ann' });
    expect(spy).toHaveBeenCalledWith('ann', cache);
    expect(state.local).toEqual([ann, anna, annGroup, annPage]);
  });

  it('reports ACTIVE and Searching... from the query change until the sources answer', () => {
    const { run, initial } = setup();
    const state = run(initial, { type: 'query_changed', query: 'an' });
    expect(queryStatus(state)).toBe('ACTIVE');
    expect(isSearching(state)).toBe(true);
    const indicator = searchingIndicator(state);
    expect(indicator && formatDefaultMessage(indicator)).toBe('Searching...');
  });

  it('re-debounces: a change during the debounce cancels the pending timer', () => {
    const { model, run, initial } = setup();
    const typing = run(initial, { type: 'query_changed', query: 'an' });
    expect(model.reduce(typing, { type: 'query_changed', query: 'ann' }).commands).toEqual([
      { type: 'cancel_debounce' },
      { type: 'schedule_debounce', query: 'ann', delayMs: 150 },
    ]);
    expect(model.reduce(typing, { type: 'query_changed', query: 'a' }).commands).toEqual([
      { type: 'cancel_debounce' },
    ]);
  });

  it('ignores a change to the same query', () => {
    const { model, run, initial } = setup();
    const state = run(initial, { type: 'query_changed', query: 'an' });
    const same = model.reduce(state, { type: 'query_changed', query: 'an' });
    expect(same.state).toBe(state);
    expect(same.commands).toEqual([]);
  });

  it('clears server results and the highlight', () => {
    const { run, initial } = setup();
    const answered = run(
      initial,
      { type: 'query_changed', query: 'an' },
      { type: 'debounce_fired', query: 'an' },
      { type: 'source_response', sourceId: 'users', query: 'an', entries: [bob] },
      // Friend section: Ann, Anna (local), then Bob (server).
      { type: 'highlight_moved', direction: 'down' },
      { type: 'highlight_moved', direction: 'down' },
      { type: 'highlight_moved', direction: 'down' },
    );
    expect(serverEntries(answered)).toEqual([bob]);
    expect(answered.highlightedId).toBe(bob.uniqueID);

    const changed = run(answered, { type: 'query_changed', query: 'ann' });
    expect(serverEntries(changed)).toEqual([]);
    expect(changed.highlightedId).toBeNull();
    expect(changed.status).toBe('debouncing');
  });

  it('stays local when no server source is configured', () => {
    const { model, initial } = setup({ sources: [] });
    const result = model.reduce(initial, { type: 'query_changed', query: 'ann' });
    expect(result.state.status).toBe('local_only');
    expect(result.commands).toEqual([]);
  });
});

describe('typeahead: debounce', () => {
  it('starts every source when the debounce fires', () => {
    const { model, run, initial } = setup();
    const typing = run(initial, { type: 'query_changed', query: 'an' });
    const fired = model.reduce(typing, { type: 'debounce_fired', query: 'an' });
    expect(fired.state.status).toBe('active');
    expect(fired.commands).toEqual([
      {
        type: 'emit_funnel_event',
        event: { name: 'source_started', sourceId: 'users', query: 'an' },
      },
      { type: 'fetch_source', sourceId: 'users', query: 'an', attempt: 1 },
      {
        type: 'emit_funnel_event',
        event: { name: 'source_started', sourceId: 'pages', query: 'an' },
      },
      { type: 'fetch_source', sourceId: 'pages', query: 'an', attempt: 1 },
    ]);
  });

  it('ignores a debounce for an older query or when none is pending', () => {
    const { model, run, initial } = setup();
    const typing = run(initial, { type: 'query_changed', query: 'ann' });
    const old = model.reduce(typing, { type: 'debounce_fired', query: 'an' });
    expect(old).toEqual({ state: typing, commands: [] });
    expect(model.reduce(initial, { type: 'debounce_fired', query: '' }).commands).toEqual([]);
  });
});

describe('typeahead: highlight and selection', () => {
  it('moves over the shown rows in section order and wraps', () => {
    const { run, initial } = setup();
    const typed = run(initial, { type: 'query_changed', query: 'ann' });
    // Sections: friend (Ann, Anna), thread (group), page.
    const down = run(typed, { type: 'highlight_moved', direction: 'down' });
    expect(down.highlightedId).toBe(ann.uniqueID);
    const last = run(typed, { type: 'highlight_moved', direction: 'last' });
    expect(last.highlightedId).toBe(annPage.uniqueID);
    expect(run(last, { type: 'highlight_moved', direction: 'down' }).highlightedId).toBe(
      ann.uniqueID,
    );
  });

  it('has no highlight when nothing is shown', () => {
    const { run, initial } = setup();
    const none = run(
      initial,
      { type: 'query_changed', query: 'zz' },
      { type: 'highlight_moved', direction: 'down' },
    );
    expect(none.highlightedId).toBeNull();
  });

  it('selects the highlighted row, or the one named', () => {
    const { model, run, initial } = setup();
    const highlighted = run(
      initial,
      { type: 'query_changed', query: 'ann' },
      { type: 'highlight_moved', direction: 'first' },
    );
    const picked = model.reduce(highlighted, { type: 'selected' });
    expect(picked.commands).toEqual([{ type: 'select_entry', entry: ann }]);
    expect(picked.state).toBe(highlighted);
    expect(model.reduce(highlighted, { type: 'selected', uniqueID: annPage.uniqueID })).toEqual({
      state: highlighted,
      commands: [{ type: 'select_entry', entry: annPage }],
    });
  });

  it('selects nothing without a highlight or for a row not shown', () => {
    const { model, run, initial } = setup();
    const typed = run(initial, { type: 'query_changed', query: 'ann' });
    expect(model.reduce(typed, { type: 'selected' }).commands).toEqual([]);
    expect(model.reduce(typed, { type: 'selected', uniqueID: bob.uniqueID }).commands).toEqual([]);
  });
});

describe('typeahead: clear and cache', () => {
  it('clears back to the empty query, cancelling a pending debounce', () => {
    const { model, run, initial } = setup();
    const typing = run(initial, { type: 'query_changed', query: 'an' });
    const cleared = model.reduce(typing, { type: 'cleared' });
    expect(cleared.state).toEqual(initial);
    expect(cleared.commands).toEqual([{ type: 'cancel_debounce' }]);
    const fromLocal = model.reduce(run(initial, { type: 'query_changed', query: 'a' }), {
      type: 'cleared',
    });
    expect(fromLocal.commands).toEqual([]);
  });

  it('recomputes local results when the cache changes', () => {
    const { run, initial } = setup();
    const carl = entry('friend', 9, 'Carl');
    const empty = run(initial, { type: 'local_cache_changed', entries: [carl, annPage] });
    expect(empty.local).toEqual([carl]);
    const typed = run(
      initial,
      { type: 'query_changed', query: 'ca' },
      { type: 'local_cache_changed', entries: [carl] },
    );
    expect(typed.local).toEqual([carl]);
    expect(typed.status).toBe('debouncing');
  });
});

describe('typeahead: sections', () => {
  it('puts local matches first and drops server duplicates (local wins)', () => {
    const { model, run, initial } = setup();
    const serverAnn = { ...ann, title: 'Ann (server)' };
    const serverAmy = entry('friend', 7, 'Amy');
    const state = run(
      initial,
      { type: 'query_changed', query: 'an' },
      { type: 'debounce_fired', query: 'an' },
      { type: 'source_response', sourceId: 'users', query: 'an', entries: [serverAmy, serverAnn] },
    );
    const friends = model.sections(state)[0];
    expect(friends?.entries.map((e) => e.title)).toEqual(['Ann', 'Anna', 'Amy']);
  });

  it('applies the configured surface caps', () => {
    const friends = Array.from({ length: 31 }, (_, i) => entry('friend', i + 10, `Zed ${i}`));
    const pick = (surface: 'tokenizer' | 'share') => {
      const { model, run } = setup({ surface });
      const state = run(model.initialState(friends), { type: 'query_changed', query: 'zed' });
      return model.sections(state)[0]?.total;
    };
    expect(pick('tokenizer')).toBe(30);
    expect(pick('share')).toBe(31);
  });
});
