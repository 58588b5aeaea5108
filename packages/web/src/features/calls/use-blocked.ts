import { useEffect, useState } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { useBlockedQuery } from './__generated__/useBlockedQuery.graphql';

const blockedQuery = graphql`
  query useBlockedQuery($userId: ID!) {
    direct_thread(user_id: $userId) {
      restriction
    }
  }
`;

/**
 * The people among `ids` the viewer blocked (direct_thread's `blocking`), so the
 * group call picker can say "You are about to ring people you've blocked."
 * before ringing them. Asked once per opening of the picker.
 */
export function useBlockedAmong(ids: readonly string[], enabled: boolean): ReadonlySet<string> {
  const environment = useRelayEnvironment();
  const [blocked, setBlocked] = useState<ReadonlySet<string>>(new Set());
  const key = ids.join(',');
  useEffect(() => {
    if (!enabled) return undefined;
    let cancelled = false;
    const asks = key
      .split(',')
      .filter((id) => id !== '')
      .map((userId) =>
        fetchQuery<useBlockedQuery>(environment, blockedQuery, { userId })
          .toPromise()
          .then((data) => (data?.direct_thread.restriction === 'blocking' ? userId : null))
          .catch(() => null),
      );
    void Promise.all(asks).then((found) => {
      if (!cancelled) setBlocked(new Set(found.filter((id): id is string => id !== null)));
    });
    return () => {
      cancelled = true;
    };
  }, [environment, key, enabled]);
  return blocked;
}
