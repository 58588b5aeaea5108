import { Suspense, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { isMuted } from '@messenger/core';
import { useRelayEnvironment } from 'react-relay';
import { useRouter } from '../../router/Router';
import { MESSENGER_PREFIX, matchRoute } from '../../router/routes';
import { useLiveSync } from '../sync/live-sync';
import { browserClock } from '../../lib/clock';
import { beepFromDelta, type BeepPayload } from './beep-from-delta';
import { BeeperController } from './beeper-controller';
import { BeeperToasts } from './BeeperToasts';
import { HostUnreadCount } from './HostUnreadCount';
import { QuietBoundary } from './QuietBoundary';
import { createNotificationSound, type NotificationSound } from './notification-sound';
import { fetchSenderName, readStoreFacts } from './sender-name';
import { browserActivity, watchUserActivity } from './user-activity';

export interface BeeperRegionProps {
  viewerId: string;
}

/**
 * The beeper of a signed-in page (host and messenger alike): new messages
 * from others that arrive live over the sync socket become toasts, driven by
 * core's beeper reducer through a BeeperController. On the host page it also
 * keeps the title's unread count, which the messenger page keeps itself.
 */
export function BeeperRegion({ viewerId }: BeeperRegionProps): ReactNode {
  const environment = useRelayEnvironment();
  const live = useLiveSync();
  const router = useRouter();
  const path = router.location.path;
  const pathRef = useRef(path);
  pathRef.current = path;
  const sound = useRef<NotificationSound | null>(null);
  const [controller] = useState(
    () =>
      new BeeperController<BeepPayload>({
        now: () => Date.now(),
        setTimer: (fn, ms) => window.setTimeout(fn, ms),
        clearTimer: (handle) => {
          window.clearTimeout(handle as number);
        },
        canPlaySound: () => sound.current?.ready() ?? false,
        playSound: () => {
          sound.current?.play();
        },
      }),
  );
  const state = useSyncExternalStore(controller.subscribe, controller.getState);

  useEffect(() => {
    const created = createNotificationSound(window);
    sound.current = created;
    return () => {
      created.dispose();
      sound.current = null;
    };
  }, []);

  useEffect(
    () => () => {
      controller.dispose();
    },
    [controller],
  );

  useEffect(
    () =>
      watchUserActivity(browserActivity(), (active) => {
        controller.dispatch({ type: active ? 'user_active' : 'user_idle' });
      }),
    [controller],
  );

  useEffect(
    () =>
      live.connection.onDelta((delta, info) => {
        if (delta.kind !== 'message_new') return;
        const { thread_id: threadId, sender_id: senderId } = delta.message;
        const facts = readStoreFacts(environment, threadId, senderId, { viewerId });
        const beep = beepFromDelta(delta, info.live, {
          viewerId,
          viewerParticipantId: facts.viewerParticipantId,
          folder: facts.folder,
          muted: isMuted(facts.mutedUntil, browserClock),
          path: pathRef.current,
          focused: document.visibilityState === 'visible' && document.hasFocus(),
          prefix: MESSENGER_PREFIX,
        });
        if (beep === null) return;
        if (facts.senderName !== null) {
          controller.beep(beep.id, { ...beep.payload, senderName: facts.senderName });
          return;
        }
        void fetchSenderName(environment, threadId, senderId).then((senderName) => {
          controller.beep(beep.id, { ...beep.payload, senderName });
        });
      }),
    [live, environment, controller, viewerId],
  );

  return (
    <>
      <BeeperToasts
        beeps={state.beeps}
        onOpen={(id) => {
          controller.dispatch({ type: 'dismiss', id });
        }}
        onDismiss={(id) => {
          controller.dispatch({ type: 'dismiss', id });
        }}
        onHoldChange={(held) => {
          controller.dispatch({ type: held ? 'mouse_enter' : 'mouse_leave' });
        }}
      />
      {matchRoute(path).name === 'host' || matchRoute(path).name === 'embed' ? (
        <QuietBoundary>
          <Suspense fallback={null}>
            <HostUnreadCount />
          </Suspense>
        </QuietBoundary>
      ) : null}
    </>
  );
}
