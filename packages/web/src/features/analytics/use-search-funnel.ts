import type {
  EntryPointPath,
  SearchEntry,
  SearchSourceStatus,
  TokenizerEvent,
  TokenizerState,
} from '@messenger/core';
import { useEffect, useMemo, useRef } from 'react';
import type { Api } from '../../http/api';
import { useRelayServices } from '../../session/session-services';
import { createFunnelClient, type FunnelClient } from './funnel-client';
import { apiFunnelTransport } from './funnel-transport';
import { SURFACE_FUNNELS, tokenizerHappenings, type SearchSurface } from './search-surfaces';

function newId(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * A login's funnel client (built once per login by the session services):
 * funnels outlive the components that log them.
 */
export function createBrowserFunnelClient(api: Api): FunnelClient {
  return createFunnelClient({
    transport: apiFunnelTransport(api),
    random: Math.random,
    now: Date.now,
    newId,
    // Seed 4: window blur and focus are recorded when focus tracking is on; this client turns it on.
    trackFocus: true,
  });
}

export interface SearchFunnel {
  /** Opens the funnel (a second start while open restarts it); from the composer it re-enters. */
  start(options?: { fromComposer?: boolean; entryPoint?: EntryPointPath }): void;
  /** Starts the funnel first when it is not open. Only the query's length is logged. */
  queryChanged(query: string): void;
  impressions(entries: readonly Pick<SearchEntry, 'uniqueID' | 'type'>[]): void;
  resultSelected(entry: Pick<SearchEntry, 'uniqueID' | 'type'>, position: number): void;
  sourceStarted(source: string): void;
  sourceEnded(source: string, status: SearchSourceStatus): void;
  tokenRemoved(uniqueID: string): void;
  clickedOnOtherThread(): void;
  /** A tokenizer event about to be dispatched: logs the selection or removal it causes. */
  tokenizerEvent(state: TokenizerState, event: TokenizerEvent, items: readonly SearchEntry[]): void;
  /** Ends with the surface's end action (broadcast: single_result_selected or abandon). */
  end(options?: { picked?: boolean }): void;
  /** Drops the open funnel without logging it (seed 4: cancel), e.g. a search opened by mistake. */
  cancel(): void;
  /** Whether this surface's funnel is open (started and not ended), sampled in or not. */
  isOpen(): boolean;
}

/**
 * The search funnel of one typeahead surface, with callbacks for what the
 * typeahead sees. Sampling, timeouts, batching and the page-hide flush are
 * the funnel client's. "Open" is tracked here, apart from sampling, so an
 * unsampled search is not started again at every keystroke.
 */
export function createSearchFunnel(funnels: FunnelClient, surface: SearchSurface): SearchFunnel {
  const { funnel: name, entryPoint } = SURFACE_FUNNELS[surface];
  let open = false;
  const log = (happening: Parameters<FunnelClient['search']>[1]) => {
    funnels.search(name, happening);
  };
  const ensureOpen = () => {
    if (!open) self.start();
  };
  const self: SearchFunnel = {
    start(options = {}) {
      open = true;
      log({
        type: 'start',
        entryPoint: options.entryPoint ?? entryPoint,
        ...(options.fromComposer === undefined ? {} : { fromComposer: options.fromComposer }),
      });
    },
    queryChanged(query) {
      ensureOpen();
      log({ type: 'query_changed', query });
    },
    impressions(entries) {
      if (open) log({ type: 'impressions', entries });
    },
    resultSelected(entry, position) {
      ensureOpen();
      log({ type: 'result_selected', uniqueID: entry.uniqueID, entryType: entry.type, position });
    },
    sourceStarted(source) {
      if (open) log({ type: 'source_started', source });
    },
    sourceEnded(source, status) {
      if (open) log({ type: 'source_ended', source, status });
    },
    tokenRemoved(uniqueID) {
      if (open) log({ type: 'token_removed', uniqueID });
    },
    clickedOnOtherThread() {
      if (open) log({ type: 'clicked_on_other_thread' });
    },
    tokenizerEvent(state, event, items) {
      for (const happening of tokenizerHappenings(state, event, items)) {
        if (happening.type === 'result_selected') ensureOpen();
        if (open) log(happening);
      }
    },
    end(options = {}) {
      if (!open) return;
      open = false;
      log({ type: 'end', ...(options.picked === undefined ? {} : { picked: options.picked }) });
    },
    cancel() {
      if (!open) return;
      open = false;
      funnels.dispatch({ type: 'cancel', name });
    },
    isOpen: () => open,
  };
  return self;
}

/** A funnel that logs nothing: for a surface rendered without a session (component tests). */
export const silentSearchFunnel: SearchFunnel = {
  start: () => undefined,
  queryChanged: () => undefined,
  impressions: () => undefined,
  resultSelected: () => undefined,
  sourceStarted: () => undefined,
  sourceEnded: () => undefined,
  tokenRemoved: () => undefined,
  clickedOnOtherThread: () => undefined,
  tokenizerEvent: () => undefined,
  end: () => undefined,
  cancel: () => undefined,
  isOpen: () => false,
};

/**
 * What opens another conversation while a search is open: a row of the
 * conversation list, of the chat sidebar, or a chat tab's header.
 */
export const OTHER_THREAD_TARGETS = '.thread-row, .sidebar-row, .chat-tab-title';

/**
 * `clicked_on_other_thread` (seed 4): the person left an open search for a
 * conversation the search did not give. Listened for on pointerdown, in the
 * capture phase, because the press moves focus and the blur ends the search.
 */
export function watchOtherThreadClicks(doc: Document, funnel: SearchFunnel): () => void {
  const onPointerDown = (event: Event) => {
    if (!funnel.isOpen()) return;
    const target = event.target;
    if (target instanceof Element && target.closest(OTHER_THREAD_TARGETS) !== null)
      funnel.clickedOnOtherThread();
  };
  doc.addEventListener('pointerdown', onPointerDown, true);
  return () => {
    doc.removeEventListener('pointerdown', onPointerDown, true);
  };
}

/** `createSearchFunnel` on the login's funnel client (inside a RelayRegion); unmounting with the funnel open ends it. */
export function useSearchFunnel(surface: SearchSurface): SearchFunnel {
  const funnels = useRelayServices().funnels;
  const funnel = useMemo(() => createSearchFunnel(funnels, surface), [funnels, surface]);
  useEffect(() => watchOtherThreadClicks(document, funnel), [funnel]);
  useEffect(
    () => () => {
      funnel.end();
    },
    [funnel],
  );
  return funnel;
}

/**
 * Derives the funnel events a typeahead's visible state implies: each new
 * query, each server fetch starting and finishing, and the results shown once
 * a fetch has finished.
 */
export function useTypeaheadFunnel(
  funnel: SearchFunnel,
  view: {
    query: string;
    items: readonly SearchEntry[];
    searching: boolean;
    failed?: boolean;
    source?: string;
  },
): void {
  const { query, items, searching, failed = false, source = 'server' } = view;
  const last = useRef({ query: '', searching: false });
  useEffect(() => {
    if (query !== last.current.query) {
      last.current.query = query;
      if (query !== '' || funnel.isOpen()) funnel.queryChanged(query);
    }
  }, [funnel, query]);
  useEffect(() => {
    const was = last.current.searching;
    last.current.searching = searching;
    if (searching && !was) funnel.sourceStarted(source);
    if (!searching && was) funnel.sourceEnded(source, failed ? 'failed' : 'finished');
    if (!searching && query !== '') funnel.impressions(items);
  }, [funnel, searching, failed, source, items, query]);
}
