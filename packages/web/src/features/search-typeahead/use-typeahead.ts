import {
  sectionRows,
  seeAllLink,
  searchingIndicator,
  type EntryType,
  type SearchEntry,
  type SeeAllLink,
  type SourceEndStatus,
  type SourceId,
  type TypeaheadCommand,
  type TypeaheadEvent,
  type TypeaheadModel,
  type TypeaheadSection,
  type TypeaheadState,
} from '@messenger/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

/** One source's answer: its entries, and the entry types the server had more of (has_next_page). */
export interface SourceAnswer {
  entries: readonly SearchEntry[];
  more: readonly EntryType[];
}

/** Runs one server source for a query; rejects when the request failed (core retries it). */
export type FetchSource = (sourceId: SourceId, query: string) => Promise<SourceAnswer>;

/**
 * Where the search funnel's analytics plug in (seed 4, "Search funnel events").
 * The typeahead calls them; nothing is logged until someone passes them.
 */
export interface TypeaheadHooks {
  onQueryChanged?: (query: string) => void;
  /** The rows shown for a query, once per distinct set of rows while the popup is open. */
  onImpressions?: (entries: readonly SearchEntry[], query: string) => void;
  onResultSelected?: (entry: SearchEntry, query: string) => void;
  onSourceStarted?: (sourceId: SourceId, query: string) => void;
  onSourceEnded?: (sourceId: SourceId, query: string, status: SourceEndStatus) => void;
  /** The popup closed: with a pick, or abandoned. */
  onEnd?: (outcome: 'single_result_selected' | 'abandon') => void;
}

/** A section as shown: core's, plus a see-all link when the server said it had more. */
export interface ShownSection extends TypeaheadSection {
  seeAll: SeeAllLink | null;
}

export interface TypeaheadView {
  state: TypeaheadState;
  sections: ShownSection[];
  /** 'Searching...' while a source is pending (core searchingIndicator). */
  searching: boolean;
  setQuery: (query: string) => void;
  /** Picks a shown row by its unique id; core's reducer finds it and asks for its selection. */
  select: (uniqueID: string) => void;
  clear: () => void;
}

export interface UseTypeaheadOptions {
  model: TypeaheadModel;
  cache: readonly SearchEntry[];
  fetchSource: FetchSource;
  onSelect: (entry: SearchEntry) => void;
  hooks?: TypeaheadHooks;
}

/**
 * Drives core's typeahead reducer in React: performs its commands (debounce and
 * retry timers, source fetches, funnel events, the selection) and feeds the
 * answers back as events carrying their query, so the reducer drops stale ones.
 */
export function useTypeahead({
  model,
  cache,
  fetchSource,
  onSelect,
  hooks,
}: UseTypeaheadOptions): TypeaheadView {
  const [state, setState] = useState<TypeaheadState>(() => model.initialState(cache));
  const [more, setMore] = useState<{ query: string; types: ReadonlySet<EntryType> }>({
    query: '',
    types: new Set(),
  });
  const stateRef = useRef(state);
  const debounce = useRef<ReturnType<typeof setTimeout> | null>(null);
  const retries = useRef(new Set<ReturnType<typeof setTimeout>>());
  const live = useRef(true);
  // The latest callbacks, so commands run late (timers, answers) call the current ones.
  const latest = useRef({ fetchSource, onSelect, hooks });
  latest.current = { fetchSource, onSelect, hooks };

  const dispatchRef = useRef<(event: TypeaheadEvent) => void>(() => undefined);

  const run = useCallback((command: TypeaheadCommand): void => {
    const dispatch = (event: TypeaheadEvent) => {
      dispatchRef.current(event);
    };
    const { hooks: h } = latest.current;
    switch (command.type) {
      case 'schedule_debounce':
        if (debounce.current !== null) clearTimeout(debounce.current);
        debounce.current = setTimeout(() => {
          debounce.current = null;
          dispatch({ type: 'debounce_fired', query: command.query });
        }, command.delayMs);
        return;
      case 'cancel_debounce':
        if (debounce.current !== null) clearTimeout(debounce.current);
        debounce.current = null;
        return;
      case 'fetch_source': {
        const { sourceId, query } = command;
        latest.current.fetchSource(sourceId, query).then(
          (answer) => {
            if (answer.more.length > 0) {
              setMore((current) => ({
                query,
                types: new Set([...(current.query === query ? current.types : []), ...answer.more]),
              }));
            }
            dispatch({ type: 'source_response', sourceId, query, entries: answer.entries });
          },
          () => {
            dispatch({ type: 'source_failed', sourceId, query });
          },
        );
        return;
      }
      case 'schedule_retry': {
        const timer = setTimeout(() => {
          retries.current.delete(timer);
          dispatch({ type: 'retry_fired', sourceId: command.sourceId, query: command.query });
        }, command.delayMs);
        retries.current.add(timer);
        return;
      }
      case 'emit_funnel_event': {
        const { event } = command;
        if (event.name === 'source_started') h?.onSourceStarted?.(event.sourceId, event.query);
        else h?.onSourceEnded?.(event.sourceId, event.query, event.status);
        return;
      }
      case 'select_entry':
        h?.onResultSelected?.(command.entry, stateRef.current.query);
        latest.current.onSelect(command.entry);
        return;
    }
  }, []);

  const dispatch = useCallback(
    (event: TypeaheadEvent): void => {
      if (!live.current) return;
      const result = model.reduce(stateRef.current, event);
      stateRef.current = result.state;
      setState(result.state);
      result.commands.forEach(run);
    },
    [model, run],
  );
  dispatchRef.current = dispatch;

  useEffect(() => {
    live.current = true;
    const timers = retries.current;
    return () => {
      live.current = false;
      if (debounce.current !== null) clearTimeout(debounce.current);
      timers.forEach(clearTimeout);
      timers.clear();
    };
  }, []);

  useEffect(() => {
    if (stateRef.current.cache !== cache) dispatch({ type: 'local_cache_changed', entries: cache });
  }, [cache, dispatch]);

  const setQuery = useCallback(
    (query: string) => {
      if (query === stateRef.current.query) return;
      latest.current.hooks?.onQueryChanged?.(query);
      dispatch({ type: 'query_changed', query });
    },
    [dispatch],
  );
  const select = useCallback(
    (uniqueID: string) => {
      dispatch({ type: 'selected', uniqueID });
    },
    [dispatch],
  );
  const clear = useCallback(() => {
    dispatch({ type: 'cleared' });
  }, [dispatch]);

  const sections = useMemo((): ShownSection[] => {
    const moreTypes = more.query === state.query ? more.types : new Set<EntryType>();
    return model.sections(state).map((section) => ({
      ...section,
      seeAll:
        section.seeAll ??
        (moreTypes.has(section.type) ? seeAllLink(section.type, state.query) : null),
    }));
  }, [model, state, more]);

  return {
    state,
    sections,
    searching: searchingIndicator(state) !== null,
    setQuery,
    select,
    clear,
  };
}

/** The rows shown, in display order (for impressions). */
export const shownRows = (sections: readonly ShownSection[]): SearchEntry[] =>
  sectionRows(sections);
