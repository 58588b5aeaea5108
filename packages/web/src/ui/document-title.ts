import { useEffect, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { appMessages } from '../i18n/app-messages';

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

/*
 * The count of unread conversations for screens that do not load the thread
 * list themselves (the host page): a lazily loaded part that reads the
 * threads publishes it, the screen's title reads it.
 */
let sharedUnread = 0;
const unreadListeners = new Set<() => void>();

export function publishUnreadCount(count: number): void {
  if (count === sharedUnread) return;
  sharedUnread = count;
  for (const listener of [...unreadListeners]) listener();
}

function subscribeUnread(listener: () => void): () => void {
  unreadListeners.add(listener);
  return () => unreadListeners.delete(listener);
}

const readUnread = (): number => sharedUnread;

/** The last published unread count (0 until something publishes one). */
export function useSharedUnreadCount(): number {
  return useSyncExternalStore(subscribeUnread, readUnread);
}
