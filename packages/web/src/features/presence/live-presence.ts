import type { SyncConnection } from '../sync/sync-connection';
import { watchAttention } from './attention';
import type { PresenceStore } from './presence-store';

/**
 * Connects a login's presence store to its sync socket: the store hears every
 * presence frame, whichever screens are mounted, and after a reconnect its
 * statuses are renewed. The person's own attention goes the other way, as
 * `presence` frames. Returns what stops the attention watch (the login ended).
 */
export function connectPresence(
  connection: Pick<SyncConnection, 'onEphemeral' | 'sendEphemeral' | 'subscribe' | 'getStatus'>,
  presence: PresenceStore,
): () => void {
  const stopFrames = connection.onEphemeral((frame) => {
    if (frame.type === 'presence') presence.heardFrame(frame.user_id, frame.status);
  });
  const attention = watchAttention(
    {
      isVisible: () => document.visibilityState === 'visible',
      now: () => Date.now(),
      on: (type, listener) => {
        const target = type === 'visibilitychange' ? document : window;
        target.addEventListener(type, listener, { passive: true });
      },
      off: (type, listener) => {
        const target = type === 'visibilitychange' ? document : window;
        target.removeEventListener(type, listener);
      },
    },
    (state) => connection.sendEphemeral({ type: 'presence', state }),
  );
  /** The socket was live before: a new `live` is a reconnect. */
  let everLive = false;
  let wasLive = false;
  const stopStatus = connection.subscribe(() => {
    const live = connection.getStatus() === 'live';
    if (live && wasLive) return;
    if (live) {
      if (everLive) presence.reconnected();
      everLive = true;
      attention.resend();
    }
    wasLive = live;
  });
  return () => {
    stopFrames();
    stopStatus();
    attention.stop();
  };
}
