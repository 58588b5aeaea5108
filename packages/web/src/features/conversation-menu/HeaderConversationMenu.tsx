import { useEffect, useRef, type ReactNode } from 'react';
import { useOptionalRouter } from '../../router/Router';
import { MESSENGER_PREFIX } from '../../router/routes';
import { useLiveSync } from '../sync/live-sync';
import { ConversationMenu, type ConversationMenuProps } from './ConversationMenu';

/**
 * The conversation menu in the open conversation's header. Once the
 * conversation is gone for the viewer (deleted, left: here or on another of
 * their pages, told by the socket) the page goes back to the inbox, so no
 * composer is left for a conversation they are not in; after mark as unread
 * too, since the open conversation would mark it read again.
 */
export function HeaderConversationMenu(
  props: Omit<ConversationMenuProps, 'onGone' | 'onMarkedUnread' | 'className'>,
): ReactNode {
  const router = useOptionalRouter();
  const live = useLiveSync();
  const toInbox = useRef<() => void>(() => undefined);
  toInbox.current = () => {
    if (router !== null) void router.navigate(MESSENGER_PREFIX);
  };
  const { threadId } = props;
  useEffect(
    () =>
      live.connection.onDelta((delta) => {
        if (delta.kind !== 'thread_removed' || delta.thread_id !== threadId) return;
        if (delta.reason === 'left' || delta.reason === 'deleted') toInbox.current();
      }),
    [live, threadId],
  );
  return (
    <ConversationMenu
      {...props}
      className="button conversation-menu-header-button"
      onGone={() => {
        toInbox.current();
      }}
      onMarkedUnread={() => {
        toInbox.current();
      }}
    />
  );
}
