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
}

/** Sends the query during the first render, so it is not held until React commits. */
function startFetch(
  environment: IEnvironment,
  query: GraphQLTaggedNode,
  variables: OperationType['variables'],
  onEarlyData: (() => void) | undefined,
): Fetch {
  const operation = createOperationDescriptor(getRequest(query), variables);
  const fetch: Fetch = {
    ready: environment.check(operation).status === 'available',
    mounted: false,
  };
  if (!fetch.ready) {
    // Relay shares one request per query and variables: the effect below joins this one.
    fetchQuery(environment, query, variables).subscribe({
      complete: () => {
        if (!fetch.mounted) onEarlyData?.();
      },
      // The effect's subscription reports errors (it asks again if this one already failed).
      error: () => undefined,
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
  const [fetch] = useState(() => startFetch(environment, query, variables, onEarlyData));
  const [status, setStatus] = useState<Status>(() =>
    fetch.ready ? { kind: 'ready' } : { kind: 'loading' },
  );
  useEffect(() => {
    fetch.mounted = true;
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
  }, [environment, fetch, query, variables]);
  if (status.kind === 'failed') throw status.error;
  return status.kind === 'ready';
}
