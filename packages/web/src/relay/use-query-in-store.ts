import { useEffect, useState } from 'react';
import { useRelayEnvironment } from 'react-relay/hooks';
import {
  createOperationDescriptor,
  fetchQuery,
  getRequest,
  type GraphQLTaggedNode,
  type IEnvironment,
  type OperationType,
} from 'relay-runtime';
import { useRelayServices, type UnreportedQueryFailure } from '../session/session-services';

/*
 * Why not let `useLazyLoadQuery` suspend: React 19 holds back content that
 * replaces a Suspense fallback until 300 ms after that fallback appeared
 * (FALLBACK_THROTTLE_MS in react-dom), however soon the data came. A screen
 * that must paint within 100 ms of its data (issue 5: opening a thread) shows
 * an ordinary loading element instead, fetches the query itself, and renders
 * its `useLazyLoadQuery` component once the data is in the store (which then
 * reads it from there without suspending).
 */

interface Fetch {
  /** The data was complete in the store at the first render. */
  ready: boolean;
  /** Set by the first committed effect: from then on the component's own state updates. */
  mounted: boolean;
  /**
   * The early request failed before the first commit: the effect reports it
   * (the load failed, and the error boundary offers to try again) instead of
   * silently asking again.
   */
  failed: { error: unknown } | null;
  /** The operation's request identifier (query and variables). */
  key: string;
}

/*
 * Early requests that failed before any component showing them was committed,
 * by operation: the login's RelayServices hold them (unreportedQueries), so a
 * new login's environment starts with no failures. React may throw an
 * uncommitted render away and render the component afresh (a sibling
 * suspended); the fresh render reports that failure instead of quietly sending
 * the request again, so a load that failed always says so. The committed
 * effect that reports it removes it, so Try Again (a new mount) asks again;
 * one nobody reported expires after UNREPORTED_FOR_MS.
 */
const UNREPORTED_FOR_MS = 10_000;

/** Sends the query during the first render, so it is not held until React commits. */
function startFetch(
  environment: IEnvironment,
  failures: Map<string, UnreportedQueryFailure>,
  query: GraphQLTaggedNode,
  variables: OperationType['variables'],
  onEarlyData: (() => void) | undefined,
): Fetch {
  const operation = createOperationDescriptor(getRequest(query), variables);
  const fetch: Fetch = {
    ready: environment.check(operation).status === 'available',
    mounted: false,
    failed: null,
    key: operation.request.identifier,
  };
  const earlier = failures.get(fetch.key);
  if (!fetch.ready && earlier !== undefined && Date.now() - earlier.at < UNREPORTED_FOR_MS) {
    fetch.failed = { error: earlier.error };
  } else if (!fetch.ready) {
    failures.delete(fetch.key);
    // Relay shares one request per query and variables: the effect below joins this one.
    fetchQuery(environment, query, variables).subscribe({
      complete: () => {
        if (!fetch.mounted) onEarlyData?.();
      },
      // Once mounted, the effect's subscription (joined to this request) reports it.
      error: (error: unknown) => {
        if (fetch.mounted) return;
        fetch.failed = { error };
        failures.set(fetch.key, { error, at: Date.now() });
      },
    });
  }
  return fetch;
}

type Status = { kind: 'loading' } | { kind: 'ready' } | { kind: 'failed'; error: unknown };

/**
 * True once `query` with `variables` is complete in the Relay store, and kept
 * there (retained) while the component is mounted; false while it loads.
 * A failed request is thrown to the nearest error boundary. `variables` must
 * keep its identity (memoize it); a component showing other variables gets
 * a new `key`.
 *
 * `onEarlyData` is called when the data arrives before the component was ever
 * committed: React is then still holding back its reveal (a Suspense retry,
 * for instance after its lazy chunk loaded), and an ordinary update from an
 * already mounted parent renders it at once, with the data, instead.
 */
export function useQueryInStore(
  query: GraphQLTaggedNode,
  variables: OperationType['variables'],
  onEarlyData?: () => void,
): boolean {
  const environment = useRelayEnvironment();
  const failures = useRelayServices().unreportedQueries;
  const [fetch] = useState(() => startFetch(environment, failures, query, variables, onEarlyData));
  const [status, setStatus] = useState<Status>(() =>
    fetch.ready ? { kind: 'ready' } : { kind: 'loading' },
  );
  useEffect(() => {
    fetch.mounted = true;
    if (fetch.failed !== null) {
      failures.delete(fetch.key);
      setStatus({ kind: 'failed', error: fetch.failed.error });
      return undefined;
    }
    const retained = environment.retain(createOperationDescriptor(getRequest(query), variables));
    const subscription = fetchQuery(environment, query, variables, {
      fetchPolicy: 'store-or-network',
    }).subscribe({
      complete: () => {
        setStatus({ kind: 'ready' });
      },
      error: (error: unknown) => {
        setStatus({ kind: 'failed', error });
      },
    });
    return () => {
      subscription.unsubscribe();
      retained.dispose();
    };
  }, [environment, failures, fetch, query, variables]);
  if (status.kind === 'failed') throw status.error;
  return status.kind === 'ready';
}
