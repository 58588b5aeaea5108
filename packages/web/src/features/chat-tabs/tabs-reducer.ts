/*
 * The chat tabs docked at the bottom of the host page, as a pure state
 * machine: each tab is `open` (the conversation shows) or `minimized` (only
 * its header, with the unread badge). The caller performs the commands
 * (moving the focus) after rendering the new state.
 */

/**
 * At most this many tabs are open at once; opening another closes the
 * oldest one (the first opened, whatever its state), as the dock fits three
 * windows beside the sidebar on a laptop screen and dropping the oldest is
 * the least surprising loss.
 */
export const MAX_TABS = 3;

/** What a tab shows: a known thread, or a person (or page) whose thread may not exist yet. */
export type TabTarget =
  | { kind: 'thread'; threadId: string }
  /** `threadId` is null until the one-to-one thread is found or created by the first message. */
  | { kind: 'person'; personId: string; threadId: string | null };

interface TabBase {
  /** Stable per target: `thread:<id>` or `person:<id>` (React key, DOM ids). */
  key: string;
  target: TabTarget;
  /** The title when it was opened, shown until the thread's own title is loaded. */
  title: string;
}

export type ChatTab = (TabBase & { status: 'open' }) | (TabBase & { status: 'minimized' });

export interface TabsState {
  /** Oldest first. */
  tabs: readonly ChatTab[];
}

export type TabsEvent =
  | { type: 'open'; target: TabTarget; title: string }
  | { type: 'minimize'; key: string }
  | { type: 'restore'; key: string }
  | { type: 'close'; key: string }
  /**
   * A person tab learned its thread (found by lookup, or created by the first
   * message). `hadFocus`: the focus was in the tab, so it goes back to the
   * composer the new body brings (a restored page must not steal it).
   */
  | { type: 'resolved'; key: string; threadId: string; hadFocus: boolean };

export type TabsCommand =
  | { type: 'focus_composer'; key: string }
  | { type: 'focus_header'; key: string }
  /** The last tab closed: the focus stays in the dock's landmark rather than falling to the page. */
  | { type: 'focus_dock' };

export interface TabsResult {
  state: TabsState;
  commands: TabsCommand[];
}

export const EMPTY_TABS: TabsState = { tabs: [] };

export function tabKey(target: TabTarget): string {
  return target.kind === 'thread' ? `thread:${target.threadId}` : `person:${target.personId}`;
}

/** The thread a tab shows, when it is known. */
export function threadIdOf(target: TabTarget): string | null {
  return target.threadId;
}

/** The tab already showing `target`: same key, or a person tab resolved to the same thread. */
function findTab(tabs: readonly ChatTab[], target: TabTarget): ChatTab | undefined {
  const key = tabKey(target);
  return tabs.find(
    (tab) =>
      tab.key === key || (target.kind === 'thread' && threadIdOf(tab.target) === target.threadId),
  );
}

function replace(state: TabsState, key: string, change: (tab: ChatTab) => ChatTab): TabsState {
  return { tabs: state.tabs.map((tab) => (tab.key === key ? change(tab) : tab)) };
}

const unchanged = (state: TabsState): TabsResult => ({ state, commands: [] });

export function reduceTabs(state: TabsState, event: TabsEvent): TabsResult {
  switch (event.type) {
    case 'open': {
      const existing = findTab(state.tabs, event.target);
      if (existing !== undefined) {
        return {
          state: replace(state, existing.key, (tab) => ({ ...tab, status: 'open' })),
          commands: [{ type: 'focus_composer', key: existing.key }],
        };
      }
      const key = tabKey(event.target);
      const tab: ChatTab = { key, target: event.target, title: event.title, status: 'open' };
      return {
        state: { tabs: [...state.tabs, tab].slice(-MAX_TABS) },
        commands: [{ type: 'focus_composer', key }],
      };
    }
    case 'minimize': {
      const tab = state.tabs.find((t) => t.key === event.key);
      if (tab?.status !== 'open') return unchanged(state);
      return {
        state: replace(state, event.key, (t) => ({ ...t, status: 'minimized' })),
        commands: [{ type: 'focus_header', key: event.key }],
      };
    }
    case 'restore': {
      const tab = state.tabs.find((t) => t.key === event.key);
      if (tab?.status !== 'minimized') return unchanged(state);
      return {
        state: replace(state, event.key, (t) => ({ ...t, status: 'open' })),
        commands: [{ type: 'focus_composer', key: event.key }],
      };
    }
    case 'close': {
      const index = state.tabs.findIndex((t) => t.key === event.key);
      if (index < 0) return unchanged(state);
      const tabs = state.tabs.filter((t) => t.key !== event.key);
      // The focus was in the closed tab: it goes to a neighbour's header, else to the dock.
      const neighbour = tabs[index] ?? tabs[index - 1];
      return {
        state: { tabs },
        commands: [
          neighbour === undefined
            ? { type: 'focus_dock' }
            : { type: 'focus_header', key: neighbour.key },
        ],
      };
    }
    case 'resolved': {
      const tab = state.tabs.find((t) => t.key === event.key);
      if (tab?.target.kind !== 'person' || tab.target.threadId === event.threadId) {
        return unchanged(state);
      }
      const target: TabTarget = { ...tab.target, threadId: event.threadId };
      // The thread may be open in a tab of its own already (opened from elsewhere): keep one.
      const tabs = state.tabs
        .filter((t) => t.key === tab.key || threadIdOf(t.target) !== event.threadId)
        .map((t) => (t.key === tab.key ? { ...t, target } : t));
      return {
        state: { tabs },
        commands:
          event.hadFocus && tab.status === 'open' ? [{ type: 'focus_composer', key: tab.key }] : [],
      };
    }
  }
}

/** Reads the stored tabs back, dropping anything malformed (storage is untrusted input). */
export function parseStoredTabs(raw: unknown): TabsState {
  if (typeof raw !== 'object' || raw === null || !Array.isArray((raw as TabsState).tabs)) {
    return EMPTY_TABS;
  }
  const tabs: ChatTab[] = [];
  for (const item of (raw as { tabs: unknown[] }).tabs) {
    const tab = parseTab(item);
    if (tab !== null && !tabs.some((t) => t.key === tab.key)) tabs.push(tab);
  }
  return { tabs: tabs.slice(-MAX_TABS) };
}

const ID = /^\d{1,40}$/;

function parseTab(item: unknown): ChatTab | null {
  if (typeof item !== 'object' || item === null) return null;
  const { target, title, status } = item as Record<string, unknown>;
  if (typeof title !== 'string' || (status !== 'open' && status !== 'minimized')) return null;
  if (typeof target !== 'object' || target === null) return null;
  const t = target as Record<string, unknown>;
  let parsed: TabTarget;
  if (t.kind === 'thread' && typeof t.threadId === 'string' && ID.test(t.threadId)) {
    parsed = { kind: 'thread', threadId: t.threadId };
  } else if (
    t.kind === 'person' &&
    typeof t.personId === 'string' &&
    ID.test(t.personId) &&
    (t.threadId === null || (typeof t.threadId === 'string' && ID.test(t.threadId)))
  ) {
    parsed = { kind: 'person', personId: t.personId, threadId: t.threadId };
  } else {
    return null;
  }
  return { key: tabKey(parsed), target: parsed, title, status };
}
