import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { appMessages } from '../i18n/app-messages';
import { useOptionalSession } from '../session/SessionProvider';
import { UnreadCount } from '../session/unread-count';

/**
 * The document title with the unread count in front, as browsers' tab strips
 * show it: `(3) Messenger`. No count when nothing is unread. Pure.
 */
export function titleWithUnread(
  title: string,
  unread: number,
  format: (count: number, title: string) => string = (count, t) => `(${count}) ${t}`,
): string {
  if (!Number.isInteger(unread) || unread < 0) {
    throw new RangeError(`The unread count must be a non-negative integer: ${unread}`);
  }
  return unread === 0 ? title : format(unread, title);
}

/** Sets document.title for the current screen, with the unread count when given. */
export function useDocumentTitle(title: string, unread = 0): void {
  const intl = useIntl();
  useEffect(() => {
    document.title = titleWithUnread(title, unread, (count, t) =>
      intl.formatMessage(appMessages.titleWithUnread, { count, title: t }),
    );
  }, [intl, title, unread]);
}

/** The last count published to `store` (0 until something publishes one). */
export function useUnreadCountOf(store: UnreadCount): number {
  return useSyncExternalStore(store.subscribe, store.get);
}

/** Outside a signed-in session nothing is unread. */
const none = new UnreadCount();

function useLoginUnreadCount(): UnreadCount {
  const state = useOptionalSession()?.state;
  return state?.status === 'signed-in' ? state.services.unread : none;
}

/** The login's last published unread count. */
export function useSharedUnreadCount(): number {
  return useUnreadCountOf(useLoginUnreadCount());
}

/** Publishes the login's unread count (the part that reads the threads). */
export function usePublishUnreadCount(): (count: number) => void {
  const store = useLoginUnreadCount();
  return useCallback(
    (count: number) => {
      store.publish(count);
    },
    [store],
  );
}
