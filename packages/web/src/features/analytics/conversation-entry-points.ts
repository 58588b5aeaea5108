import { joinEntryPoint, type EntryPointPath } from '@messenger/core';
import { useEffect } from 'react';

/**
 * Where each conversation of this page was opened from (seed 3, "Discovery
 * entry points"): recorded when it shows, sent with every message written in
 * it (the message's entry_point, stored by the server).
 */
const opened = new Map<string, { entryPoint: string; at: number }>();
let nextOpen: string | null = null;

/**
 * A conversation shown again this soon after it was opened is the same opening
 * (React mounting it again, e.g. after its first load settled), not a new one
 * from the surface it shows on.
 */
const SAME_OPENING_MS = 2_000;

/**
 * Called by a surface just before it opens a conversation somewhere else (the
 * omnipicker navigating to the new thread, a sidebar opening a chat tab): the
 * next conversation to show is recorded with this entry point instead of the
 * surface it shows on.
 */
export function openingFrom(path: EntryPointPath): void {
  nextOpen = joinEntryPoint(path);
}

export function recordConversationOpened(threadId: string, shownOn: EntryPointPath): string {
  return record(threadId, joinEntryPoint(shownOn));
}

function record(threadId: string, shownOn: string): string {
  const now = performance.now();
  const previous = opened.get(threadId);
  if (nextOpen === null && previous !== undefined && now - previous.at < SAME_OPENING_MS) {
    return previous.entryPoint;
  }
  const entryPoint = nextOpen ?? shownOn;
  nextOpen = null;
  opened.set(threadId, { entryPoint, at: now });
  return entryPoint;
}

/** The entry point recorded for `threadId`, or null when it was not opened in this page. */
export function conversationEntryPoint(threadId: string): string | null {
  return opened.get(threadId)?.entryPoint ?? null;
}

/** Records the conversation as opened each time it (or another thread in its place) shows. */
export function useConversationOpened(threadId: string, shownOn: EntryPointPath): void {
  // Joined, so that a new array of the same path each render is the same place.
  const joined = joinEntryPoint(shownOn);
  useEffect(() => {
    record(threadId, joined);
  }, [threadId, joined]);
}
