import {
  TYPEAHEAD,
  dedupeByUniqueID,
  entriesFromEdges,
  rankEntries,
  type SearchEntry,
} from '@messenger/core';
import { useEffect, useMemo, useState } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { useRecipientSourcesPaymentFriendsQuery } from './__generated__/useRecipientSourcesPaymentFriendsQuery.graphql';
import type { useRecipientSourcesSearchQuery } from './__generated__/useRecipientSourcesSearchQuery.graphql';
import type { useRecipientSourcesSuggestionsQuery } from './__generated__/useRecipientSourcesSuggestionsQuery.graphql';

/** Seed 9: "Suggestion page size 50". */
const SUGGESTION_PAGE = 50;
/** all_friends allows 50 a page with can_viewer_send_money (API.md). */
const PAYMENT_FRIENDS_PAGE = 50;

const PERSON_TYPES = new Set(['friend', 'fb4c', 'non_friend']);
const onlyPeople = (entries: SearchEntry[]) => entries.filter((e) => PERSON_TYPES.has(e.type));

/**
 * The person fields core's entriesFromEdges reads, spread unmasked where a
 * node is a MessagingUser. Inside a union's `... on MessagingUser` Relay
 * refuses the spread without @alias, so relay-sources.ts and NewMessage.tsx
 * list the same fields inline.
 */
export const searchEntryUserFragment = graphql`
  fragment useRecipientSources_user on MessagingUser {
    id
    name
    url
    is_messenger_user
    is_memorialized
    friendship_status
    alias
    search_tokens
    profile_picture {
      uri
    }
  }
`;

const suggestionsQuery = graphql`
  query useRecipientSourcesSuggestionsQuery($ids: [ID!]!, $count: Int!) {
    viewer {
      messenger_contextual_ranked_users(original_participant_ids: $ids, count: $count) {
        edges {
          node {
            __typename
            ...useRecipientSources_user @relay(mask: false)
          }
        }
      }
    }
  }
`;

/** Seed 7, "Payment friends": friends the viewer can send money to. */
const paymentFriendsQuery = graphql`
  query useRecipientSourcesPaymentFriendsQuery($count: Int!) {
    viewer {
      all_friends(first: $count, can_viewer_send_money: true) {
        edges {
          node {
            __typename
            ...useRecipientSources_user @relay(mask: false)
          }
        }
      }
    }
  }
`;

const searchQuery = graphql`
  query useRecipientSourcesSearchQuery($query: String!, $pay: Boolean) {
    search_profiles(search_query: $query, can_viewer_send_money: $pay) {
      ...relaySources_connection @relay(mask: false)
    }
  }
`;

export interface RecipientSourceOptions {
  /**
   * Seed 6: "The payment-recipient filter restricts candidates to those the
   * viewer can send money to." Suggestions are then the payment friends
   * (seed 7), and the profile search is asked with can_viewer_send_money.
   */
  paymentRecipientsOnly?: boolean;
}

export interface RecipientSources {
  items: SearchEntry[];
  searching: boolean;
  failed: boolean;
}

/**
 * What the recipient dropdown lists. An empty query shows the contextual
 * suggestions, fetched again whenever the picked set changes (seed 4,
 * "Suggestions"). A query shows the local matches among them first, then the
 * server's profile search, which runs only from TYPEAHEAD.minQueryLength
 * characters, TYPEAHEAD.debounceMs after the last keystroke; an answer for an
 * older query is dropped (seed 4, "Typeahead").
 */
export function useRecipientSources(
  query: string,
  pickedIds: readonly string[],
  options: RecipientSourceOptions = {},
): RecipientSources {
  const pay = options.paymentRecipientsOnly === true;
  const environment = useRelayEnvironment();
  const [suggestions, setSuggestions] = useState<SearchEntry[]>([]);
  const [server, setServer] = useState<{ query: string; entries: SearchEntry[] } | null>(null);
  const [failed, setFailed] = useState(false);
  const idsKey = [...pickedIds].sort().join(',');

  useEffect(() => {
    let live = true;
    const ids = idsKey === '' ? [] : idsKey.split(',');
    const observer = {
      next: (edges: Parameters<typeof entriesFromEdges>[0]) => {
        if (!live) return;
        setFailed(false);
        setSuggestions(onlyPeople(entriesFromEdges(edges)));
      },
      error: () => {
        if (live) setFailed(true);
      },
    };
    // The payment friends do not depend on who is picked; picked people stay listed (a pick toggles).
    const subscription = pay
      ? fetchQuery<useRecipientSourcesPaymentFriendsQuery>(environment, paymentFriendsQuery, {
          count: PAYMENT_FRIENDS_PAGE,
        }).subscribe({
          next: (data) => {
            observer.next(data.viewer.all_friends.edges);
          },
          error: observer.error,
        })
      : fetchQuery<useRecipientSourcesSuggestionsQuery>(environment, suggestionsQuery, {
          ids,
          count: SUGGESTION_PAGE,
        }).subscribe({
          next: (data) => {
            observer.next(data.viewer.messenger_contextual_ranked_users.edges);
          },
          error: observer.error,
        });
    return () => {
      live = false;
      subscription.unsubscribe();
    };
  }, [environment, idsKey, pay]);

  const trimmed = query.trim();
  useEffect(() => {
    if (trimmed.length < TYPEAHEAD.minQueryLength) return undefined;
    let live = true;
    let unsubscribe = (): void => {};
    const timer = setTimeout(() => {
      const subscription = fetchQuery<useRecipientSourcesSearchQuery>(environment, searchQuery, {
        query: trimmed,
        pay: pay ? true : null,
      }).subscribe({
        next: (data) => {
          if (live) {
            setServer({
              query: trimmed,
              entries: onlyPeople(entriesFromEdges(data.search_profiles.edges)),
            });
          }
        },
        error: () => {
          if (live) setServer({ query: trimmed, entries: [] });
        },
      });
      unsubscribe = () => {
        subscription.unsubscribe();
      };
    }, TYPEAHEAD.debounceMs);
    return () => {
      live = false;
      clearTimeout(timer);
      unsubscribe();
    };
  }, [environment, trimmed, pay]);

  return useMemo(() => {
    if (trimmed === '') return { items: suggestions, searching: false, failed };
    const local = rankEntries(trimmed, suggestions);
    const current = server?.query === trimmed ? server.entries : [];
    const searching = trimmed.length >= TYPEAHEAD.minQueryLength && server?.query !== trimmed;
    return {
      items: dedupeByUniqueID([...local, ...current]).slice(0, TYPEAHEAD.maxEntries),
      searching,
      failed,
    };
  }, [trimmed, suggestions, server, failed]);
}
