import type { SearchEntry } from '../search/types';
import type { BackoffOptions } from '../backoff';
import { retryDelayMs } from './retry';
import { capSearchResults } from './limits';
import {
  baseOf,
  type SourceId,
  type SourceProgress,
  type SourceState,
  type TypeaheadCommand,
  type TypeaheadResult,
  type TypeaheadState,
} from './state';

export interface RetryPolicy {
  /** Retries after the first attempt; once used up the source is delivered empty. */
  limit: number;
  backoff: BackoffOptions;
}

type Active = Extract<TypeaheadState, { status: 'active' }>;

const unchanged = (state: TypeaheadState): TypeaheadResult => ({ state, commands: [] });

/** The current query's source, or undefined when the message is stale or unknown. */
function currentSource(
  state: TypeaheadState,
  sourceId: SourceId,
  query: string,
): { state: Active; source: SourceProgress } | undefined {
  if (state.status !== 'active' || state.query !== query) return undefined;
  const source = state.sources.find((candidate) => candidate.id === sourceId);
  return source === undefined ? undefined : { state, source };
}

function withSource(state: Active, id: SourceId, next: SourceState): TypeaheadState {
  const sources = state.sources.map((source) => (source.id === id ? { id, ...next } : source));
  const allDone = sources.every((source) => source.status === 'done');
  return { ...baseOf(state), status: allDone ? 'complete' : 'active', sources };
}

function finish(
  state: Active,
  id: SourceId,
  entries: readonly SearchEntry[],
  failed: boolean,
): TypeaheadResult {
  const commands: TypeaheadCommand[] = [
    {
      type: 'emit_funnel_event',
      event: {
        name: 'source_ended',
        sourceId: id,
        query: state.query,
        status: failed ? 'failed' : 'finished',
      },
    },
  ];
  return { state: withSource(state, id, { status: 'done', entries, failed }), commands };
}

export function onSourceResponse(
  state: TypeaheadState,
  event: { sourceId: SourceId; query: string; entries: readonly SearchEntry[] },
): TypeaheadResult {
  const found = currentSource(state, event.sourceId, event.query);
  if (found?.source.status !== 'pending') return unchanged(state);
  return finish(found.state, event.sourceId, capSearchResults(event.entries), false);
}

export function onSourceFailed(
  state: TypeaheadState,
  event: { sourceId: SourceId; query: string },
  policy: RetryPolicy,
): TypeaheadResult {
  const found = currentSource(state, event.sourceId, event.query);
  if (found?.source.status !== 'pending') return unchanged(state);
  const failedAttempt = found.source.attempt;
  // Attempt n is retry n-1, so attempt n's failure has used n-1 retries.
  if (failedAttempt - 1 >= policy.limit) {
    return finish(found.state, event.sourceId, [], true);
  }
  const attempt = failedAttempt + 1;
  return {
    state: withSource(found.state, event.sourceId, { status: 'retrying', attempt }),
    commands: [
      {
        type: 'schedule_retry',
        sourceId: event.sourceId,
        query: event.query,
        attempt,
        delayMs: retryDelayMs(failedAttempt, policy.backoff),
      },
    ],
  };
}

export function onRetryFired(
  state: TypeaheadState,
  event: { sourceId: SourceId; query: string },
): TypeaheadResult {
  const found = currentSource(state, event.sourceId, event.query);
  if (found?.source.status !== 'retrying') return unchanged(state);
  const { attempt } = found.source;
  return {
    state: withSource(found.state, event.sourceId, { status: 'pending', attempt }),
    commands: [{ type: 'fetch_source', sourceId: event.sourceId, query: event.query, attempt }],
  };
}
