import { TYPEAHEAD } from '../constants';
import type { SearchEntry } from '../search/types';
import type { BackoffOptions } from '../backoff';
import { moveHighlight } from './highlight';
import { topFriendsAndGroups } from './local-cache';
import { buildSections, sectionRows, type TypeaheadSection } from './sections';
import { onRetryFired, onSourceFailed, onSourceResponse, type RetryPolicy } from './source-events';
import {
  baseOf,
  resultEntries,
  type SourceId,
  type TypeaheadCommand,
  type TypeaheadEvent,
  type TypeaheadResult,
  type TypeaheadState,
} from './state';
import type { Surface } from './surfaces';

/** Local ranking, injected so the caller wires in the shared ranking (rankEntries). */
export type RankLocal = (query: string, entries: readonly SearchEntry[]) => readonly SearchEntry[];

export interface TypeaheadConfig {
  /** Server sources searched for each query, in result order. */
  sources: readonly SourceId[];
  rankLocal: RankLocal;
  /** Lets queries shorter than the minimum length reach the server. */
  allowShortQueries?: boolean;
  surface?: Surface;
  retryLimit?: number;
  backoff?: BackoffOptions;
}

export interface TypeaheadModel {
  initialState(cache?: readonly SearchEntry[]): TypeaheadState;
  reduce(state: TypeaheadState, event: TypeaheadEvent): TypeaheadResult;
  /** The sections to render for a state. */
  sections(state: TypeaheadState): TypeaheadSection[];
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Characters counted as the user sees them (an emoji is one), ignoring outer spaces. */
export function queryLength(query: string): number {
  return Array.from(graphemes.segment(query.trim())).length;
}

/** Whether a query reaches the server (seed section 5). */
export function isServerQuery(query: string, allowShortQueries = false): boolean {
  const length = queryLength(query);
  return length > 0 && (allowShortQueries || length >= TYPEAHEAD.minQueryLength);
}

export function createTypeahead(config: TypeaheadConfig): TypeaheadModel {
  const surface = config.surface ?? 'omnipicker';
  const policy: RetryPolicy = {
    limit: config.retryLimit ?? TYPEAHEAD.serverRetryLimit,
    backoff: config.backoff ?? {
      baseMs: TYPEAHEAD.retryBaseDelayMs,
      maxMs: TYPEAHEAD.retryMaxDelayMs,
    },
  };

  const localFor = (query: string, cache: readonly SearchEntry[]): readonly SearchEntry[] =>
    queryLength(query) === 0 ? topFriendsAndGroups(cache) : config.rankLocal(query, cache);

  const sections = (state: TypeaheadState): TypeaheadSection[] =>
    buildSections(resultEntries(state), { surface, query: state.query });

  /** A fresh query: server results and highlight cleared, server fetch debounced. */
  function forQuery(
    query: string,
    cache: readonly SearchEntry[],
    previous: TypeaheadState | undefined,
  ): TypeaheadResult {
    const base = { query, cache, local: localFor(query, cache), highlightedId: null };
    const commands: TypeaheadCommand[] =
      previous?.status === 'debouncing' ? [{ type: 'cancel_debounce' }] : [];
    if (queryLength(query) === 0) return { state: { ...base, status: 'empty' }, commands };
    if (!isServerQuery(query, config.allowShortQueries) || config.sources.length === 0) {
      return { state: { ...base, status: 'local_only' }, commands };
    }
    commands.push({ type: 'schedule_debounce', query, delayMs: TYPEAHEAD.debounceMs });
    return { state: { ...base, status: 'debouncing' }, commands };
  }

  function startSources(state: TypeaheadState): TypeaheadResult {
    const { query } = state;
    const commands = config.sources.flatMap((sourceId): TypeaheadCommand[] => [
      { type: 'emit_funnel_event', event: { name: 'source_started', sourceId, query } },
      { type: 'fetch_source', sourceId, query, attempt: 1 },
    ]);
    const sources = config.sources.map((id) => ({ id, status: 'pending' as const, attempt: 1 }));
    return { state: { ...baseOf(state), status: 'active', sources }, commands };
  }

  function select(state: TypeaheadState, uniqueID: string | undefined): TypeaheadResult {
    const target = uniqueID ?? state.highlightedId;
    const entry = sectionRows(sections(state)).find((row) => row.uniqueID === target);
    return { state, commands: entry === undefined ? [] : [{ type: 'select_entry', entry }] };
  }

  function reduce(state: TypeaheadState, event: TypeaheadEvent): TypeaheadResult {
    switch (event.type) {
      case 'query_changed':
        if (event.query === state.query) return { state, commands: [] };
        return forQuery(event.query, state.cache, state);
      case 'debounce_fired':
        if (state.status !== 'debouncing' || event.query !== state.query) {
          return { state, commands: [] };
        }
        return startSources(state);
      case 'source_response':
        return onSourceResponse(state, event);
      case 'source_failed':
        return onSourceFailed(state, event, policy);
      case 'retry_fired':
        return onRetryFired(state, event);
      case 'highlight_moved': {
        const ids = sectionRows(sections(state)).map((row) => row.uniqueID);
        const highlightedId = moveHighlight(ids, state.highlightedId, event.direction);
        return { state: { ...state, highlightedId }, commands: [] };
      }
      case 'selected':
        return select(state, event.uniqueID);
      case 'cleared':
        return forQuery('', state.cache, state);
      case 'local_cache_changed':
        return {
          state: { ...state, cache: event.entries, local: localFor(state.query, event.entries) },
          commands: [],
        };
    }
  }

  return {
    initialState: (cache = []) => forQuery('', cache, undefined).state,
    reduce,
    sections,
  };
}
