import type { Mention } from '@messenger/core';

type MentionData = readonly { offset: number; length: number; person_id: string }[];
// A pure memo, not a service: keyed by the Relay store's immutable array, it holds
// nothing about a session and goes when the array does.
const mentionCache = new WeakMap<MentionData, Mention[]>();

/** A fragment's mentions as core's, memoized by the store's array so memoized rows stay put. */
export function mentionsOf(data: MentionData): Mention[] {
  let found = mentionCache.get(data);
  if (found === undefined) {
    found = data.map((m) => ({ offset: m.offset, length: m.length, id: m.person_id }));
    mentionCache.set(data, found);
  }
  return found;
}
