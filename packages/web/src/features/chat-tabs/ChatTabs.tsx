import { useEffect, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { lazyRoute } from '../../lib/bootload';
import { RelayRegion } from '../../relay/RelayRegion';
import { RegionErrorBoundary } from '../../ui/RegionErrorBoundary';
import type { ChatTabsDockProps } from './ChatTabsDock';
import { useChatTabs } from './ChatTabsProvider';
import { chatTabsMessages } from './messages';

/*
 * The tabs themselves (Relay, the conversation) are a chunk of their own,
 * loaded only once a tab is open: the host page's first screen stays small.
 */
const LazyChatTabsDock = lazyRoute<ChatTabsDockProps>(() =>
  import('./ChatTabsDock').then((module) => ({ default: module.ChatTabsDock })),
);

/**
 * The dock at the bottom of the host page where open conversations appear as
 * chat tabs (the sidebar opens them; they survive a reload).
 */
export function ChatTabs({ viewerId }: { viewerId: string }): ReactNode {
  const intl = useIntl();
  const { state, pendingFocus, focusDone } = useChatTabs();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (pendingFocus?.type !== 'focus_dock') return;
    ref.current?.focus();
    focusDone(pendingFocus);
  }, [pendingFocus, focusDone]);
  return (
    <section
      ref={ref}
      className="chat-tabs"
      aria-label={intl.formatMessage(chatTabsMessages.label)}
      tabIndex={-1}
    >
      {state.tabs.length === 0 ? null : (
        <RegionErrorBoundary resetKey="chat-tabs">
          <RelayRegion>
            <LazyChatTabsDock viewerId={viewerId} />
          </RelayRegion>
        </RegionErrorBoundary>
      )}
    </section>
  );
}
