/*
 * Where drafts are held (drafts.ts): in memory by thread id, and in the tab's
 * sessionStorage. Apart from drafts.ts, with no schema, so that the app can clear
 * them at the end of a login without bringing zod into the first screen.
 */

export const KEY_PREFIX = 'messenger.draft.';
/** thread id → its draft (drafts.ts's Draft; unknown here, so this module stays small). */
export const draftMemory = new Map<string, unknown>();
export const draftListeners = new Set<() => void>();

export function draftStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage can be refused (privacy settings): memory alone then.
    return null;
  }
}

/**
 * Forgets every draft, in memory and in the tab's storage: called when a login
 * ends (app/session-services.ts), so the next person to sign in on this tab
 * never finds the last one's words in a conversation they share.
 */
export function clearDrafts(): void {
  draftMemory.clear();
  const stored = draftStorage();
  try {
    if (stored !== null) {
      const keys = Array.from({ length: stored.length }, (_, i) => stored.key(i));
      for (const key of keys) if (key?.startsWith(KEY_PREFIX) === true) stored.removeItem(key);
    }
  } catch {
    // A refused storage held nothing of ours.
  }
  for (const listener of draftListeners) listener();
}
