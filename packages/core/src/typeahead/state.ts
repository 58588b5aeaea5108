import type { MessageDescriptor } from '../i18n';
import type { SearchEntry } from '../search/types';
import type { HighlightDirection } from './highlight';
import { typeaheadMessages } from './messages';

/** A server source id, e.g. one of `sourcesFor`'s; the list is configured per typeahead. */
export type SourceId = string;

/** Per-source progress for the current query; `done` is the completion flag. */
export type SourceState =
  | { status: 'pending'; attempt: number }
  /** Failed; `attempt` is the one the retry timer will start. */
  | { status: 'retrying'; attempt: number }
  /** `failed` marks a source that ran out of retries and was delivered empty. */
  | { status: 'done'; entries: readonly SearchEntry[]; failed: boolean };

export type SourceProgress = { readonly id: SourceId } & SourceState;

export interface TypeaheadBase {
  query: string;
  /** The injected local cache (friends, groups, ...). */
  cache: readonly SearchEntry[];
  /** Local matches for `query`, shown before server results. */
  local: readonly SearchEntry[];
  highlightedId: string | null;
}

/**
 * - `empty`: no query; top friends and groups.
 * - `local_only`: a query that gets no server search (too short, or no sources).
 * - `debouncing`: server search scheduled, waiting for the debounce.
 * - `active`: requests pending.
 * - `complete`: every source done.
 */
export type TypeaheadState =
  | (TypeaheadBase & { status: 'empty' })
  | (TypeaheadBase & { status: 'local_only' })
  | (TypeaheadBase & { status: 'debouncing' })
  | (TypeaheadBase & { status: 'active'; sources: readonly SourceProgress[] })
  | (TypeaheadBase & { status: 'complete'; sources: readonly SourceProgress[] });

export type TypeaheadEvent =
  | { type: 'query_changed'; query: string }
  | { type: 'debounce_fired'; query: string }
  | {
      type: 'source_response';
      sourceId: SourceId;
      query: string;
      entries: readonly SearchEntry[];
    }
  | { type: 'source_failed'; sourceId: SourceId; query: string }
  | { type: 'retry_fired'; sourceId: SourceId; query: string }
  | { type: 'highlight_moved'; direction: HighlightDirection }
  /** Selects `uniqueID` when given, else the highlighted row. */
  | { type: 'selected'; uniqueID?: string }
  | { type: 'cleared' }
  | { type: 'local_cache_changed'; entries: readonly SearchEntry[] };

export type SourceEndStatus = 'finished' | 'failed';

export type FunnelSourceEvent =
  | { name: 'source_started'; sourceId: SourceId; query: string }
  | { name: 'source_ended'; sourceId: SourceId; query: string; status: SourceEndStatus };

/** Effects the caller performs; timers fire back as events carrying the same query. */
export type TypeaheadCommand =
  | { type: 'schedule_debounce'; query: string; delayMs: number }
  | { type: 'cancel_debounce' }
  | { type: 'fetch_source'; sourceId: SourceId; query: string; attempt: number }
  | { type: 'schedule_retry'; sourceId: SourceId; query: string; attempt: number; delayMs: number }
  | { type: 'emit_funnel_event'; event: FunnelSourceEvent }
  | { type: 'select_entry'; entry: SearchEntry };

export interface TypeaheadResult {
  state: TypeaheadState;
  commands: TypeaheadCommand[];
}

export type QueryStatus = 'ACTIVE' | 'COMPLETE';

/**
 * ACTIVE while the query's server search is pending, counting the debounce, so
 * the spinner does not flicker off between typing and the first request.
 */
export function queryStatus(state: TypeaheadState): QueryStatus {
  return state.status === 'debouncing' || state.status === 'active' ? 'ACTIVE' : 'COMPLETE';
}

/** True until every source's completion flag is set. */
export function isSearching(state: TypeaheadState): boolean {
  return queryStatus(state) === 'ACTIVE';
}

/** 'Searching...' while searching, else null. */
export function searchingIndicator(state: TypeaheadState): MessageDescriptor | null {
  return isSearching(state) ? typeaheadMessages.searching : null;
}

export function sourcesOf(state: TypeaheadState): readonly SourceProgress[] {
  return state.status === 'active' || state.status === 'complete' ? state.sources : [];
}

/** Server results received so far, in the configured source order. */
export function serverEntries(state: TypeaheadState): SearchEntry[] {
  return sourcesOf(state).flatMap((source) => (source.status === 'done' ? source.entries : []));
}

/** Local matches first, then server results (not yet de-duplicated). */
export function resultEntries(state: TypeaheadState): SearchEntry[] {
  return [...state.local, ...serverEntries(state)];
}

export function baseOf(state: TypeaheadState): TypeaheadBase {
  return {
    query: state.query,
    cache: state.cache,
    local: state.local,
    highlightedId: state.highlightedId,
  };
}
