import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  EMPTY_TABS,
  parseStoredTabs,
  reduceTabs,
  type TabsCommand,
  type TabsEvent,
  type TabsState,
} from './tabs-reducer';

/** sessionStorage: open tabs survive a reload of this browser tab, not a new session. */
export const TABS_STORAGE_KEY = 'messenger.chat_tabs';

export interface ChatTabsValue {
  state: TabsState;
  dispatch: (event: TabsEvent) => void;
  /** The focus the last event asked for, until the part it names performs it. */
  pendingFocus: TabsCommand | null;
  focusDone: (command: TabsCommand) => void;
}

const ChatTabsContext = createContext<ChatTabsValue | null>(null);

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The viewer's stored tabs; another person's (a new login in this tab) are not theirs. */
export function loadTabs(viewerId: string, store: Pick<Storage, 'getItem'> | null): TabsState {
  try {
    const raw = JSON.parse(store?.getItem(TABS_STORAGE_KEY) ?? 'null') as unknown;
    if (typeof raw !== 'object' || raw === null) return EMPTY_TABS;
    if ((raw as { viewerId?: unknown }).viewerId !== viewerId) return EMPTY_TABS;
    return parseStoredTabs(raw);
  } catch {
    return EMPTY_TABS;
  }
}

/**
 * The chat tabs' state for the host page: the sidebar opens tabs, the dock
 * shows them. Plain React (no Relay), so it is part of the first screen.
 */
export function ChatTabsProvider({
  viewerId,
  children,
}: {
  viewerId: string;
  children: ReactNode;
}): ReactNode {
  const [state, setState] = useState<TabsState>(() => loadTabs(viewerId, storage()));
  const [pendingFocus, setPendingFocus] = useState<TabsCommand | null>(null);
  const stateRef = useRef(state);

  const dispatch = useCallback((event: TabsEvent) => {
    const result = reduceTabs(stateRef.current, event);
    stateRef.current = result.state;
    setState(result.state);
    const focus = result.commands.at(-1);
    if (focus !== undefined) setPendingFocus(focus);
  }, []);

  const focusDone = useCallback((command: TabsCommand) => {
    setPendingFocus((current) => (current === command ? null : current));
  }, []);

  useEffect(() => {
    try {
      storage()?.setItem(TABS_STORAGE_KEY, JSON.stringify({ viewerId, tabs: state.tabs }));
    } catch {
      // Full or disabled storage: the tabs just won't survive a reload.
    }
  }, [state, viewerId]);

  const value = useMemo(
    () => ({ state, dispatch, pendingFocus, focusDone }),
    [state, dispatch, pendingFocus, focusDone],
  );
  return <ChatTabsContext.Provider value={value}>{children}</ChatTabsContext.Provider>;
}

export function useChatTabs(): ChatTabsValue {
  const value = useContext(ChatTabsContext);
  if (value === null) throw new Error('useChatTabs needs a ChatTabsProvider (the host page).');
  return value;
}
