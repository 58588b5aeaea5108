import type { ReactNode } from 'react';
import { useOptionalRouter } from '../../router/Router';
import { MESSENGER_PREFIX } from '../../router/routes';
import { ConversationMenu, type ConversationMenuProps } from './ConversationMenu';

/**
 * The conversation menu in the open conversation's header. Once the
 * conversation is gone for the viewer (deleted, left) the page goes back to
 * the inbox, so no composer is left for a conversation they are not in; after
 * mark as unread too, since the open conversation would mark it read again.
 */
export function HeaderConversationMenu(
  props: Omit<ConversationMenuProps, 'onGone' | 'onMarkedUnread' | 'className'>,
): ReactNode {
  const router = useOptionalRouter();
  const toInbox = () => {
    if (router !== null) void router.navigate(MESSENGER_PREFIX);
  };
  return (
    <ConversationMenu
      {...props}
      className="button conversation-menu-header-button"
      onGone={toInbox}
      onMarkedUnread={toInbox}
    />
  );
}
