import type { ReactNode } from 'react';
import { ChatTab } from './ChatTab';
import { useChatTabs } from './ChatTabsProvider';
import './chat-tabs.css';

export interface ChatTabsDockProps {
  viewerId: string;
}

/** The open chat tabs, oldest first (the dock lays them out from the right). */
export function ChatTabsDock({ viewerId }: ChatTabsDockProps): ReactNode {
  const { state } = useChatTabs();
  return state.tabs.map((tab) => <ChatTab key={tab.key} tab={tab} viewerId={viewerId} />);
}
