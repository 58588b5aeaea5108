import { joinEntryPoint, type EntryPointPath } from '@messenger/core';
import { useEffect } from 'react';
import { useOptionalRelayServices } from '../../session/session-services';

/**
 * A conversation shown again this soon after it was opened is the same opening
 * (React mounting it again, e.g. after its first load settled), not a new one
 * from the surface it shows on.
 */
const SAME_OPENING_MS = 2_000;

/**
 * Where each conversation of this page was opened from (seed 3, "Discovery
 * entry points"): recorded when it shows, sent with every message written in
 * it (the message's entry_point, stored by the server). One per login
 * (the session services' Relay half).
 */
export class ConversationEntryPoints {
  private readonly opened = new Map<string, { entryPoint: string; at: number }>();
  private nextOpen: string | null = null;

  /**
   * Called by a surface just before it opens a conversation somewhere else (the
   * omnipicker navigating to the new thread, a sidebar opening a chat tab): the
   * next conversation to show is recorded with this entry point instead of the
   * surface it shows on.
   */
  openingFrom(path: EntryPointPath): void {
    this.nextOpen = joinEntryPoint(path);
  }

  recordOpened(threadId: string, shownOn: EntryPointPath): string {
    return this.record(threadId, joinEntryPoint(shownOn));
  }

  record(threadId: string, shownOn: string): string {
    const now = performance.now();
    const previous = this.opened.get(threadId);
    if (this.nextOpen === null && previous !== undefined && now - previous.at < SAME_OPENING_MS) {
      return previous.entryPoint;
    }
    const entryPoint = this.nextOpen ?? shownOn;
    this.nextOpen = null;
    this.opened.set(threadId, { entryPoint, at: now });
    return entryPoint;
  }

  /** The entry point recorded for `threadId`, or null when it was not opened in this page. */
  entryPointOf(threadId: string): string | null {
    return this.opened.get(threadId)?.entryPoint ?? null;
  }
}

/** Outside a RelayRegion (component tests) openings are recorded nowhere. */
function useEntryPoints(): ConversationEntryPoints | null {
  return useOptionalRelayServices()?.entryPoints ?? null;
}

/** The login's record of where conversations were opened from (null outside a session). */
export function useConversationEntryPoints(): ConversationEntryPoints | null {
  return useEntryPoints();
}

/** Records the conversation as opened each time it (or another thread in its place) shows. */
export function useConversationOpened(threadId: string, shownOn: EntryPointPath): void {
  const entryPoints = useEntryPoints();
  // Joined, so that a new array of the same path each render is the same place.
  const joined = joinEntryPoint(shownOn);
  useEffect(() => {
    entryPoints?.record(threadId, joined);
  }, [entryPoints, threadId, joined]);
}

// Its slot in the login's services (session/ names no feature; app/ fills it).
declare module '../../session/session-services' {
  interface RelayServices {
    /** Where each conversation was opened from, sent with the messages written in it. */
    readonly entryPoints: ConversationEntryPoints;
  }
}
