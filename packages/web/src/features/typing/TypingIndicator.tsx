import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useRelayServices } from '../../session/session-services';
import type { LiveSync } from '../sync/live-sync';
import { typingMessages } from './messages';
import { browserClock, TypingSender, TypingStore } from './typing-store';
import { isolateIn } from '../../i18n/isolate';

/**
 * A login's typing store, fed by its sync connection's ephemeral frames
 * (built once per login by the session services); `stop` unhooks it.
 */
export function createTypingStore(live: LiveSync): { store: TypingStore; stop: () => void } {
  const store = new TypingStore(browserClock);
  const stop = live.connection.onEphemeral((frame) => {
    store.apply(frame);
  });
  return { store, stop };
}

/** The login's typing store. */
export function useTypingStore(): TypingStore {
  return useRelayServices().typing;
}

/** Who types in `threadId` now (other than `exclude`), kept up to date. */
export function useTypers(
  store: TypingStore,
  threadId: string,
  exclude: readonly string[],
): string[] {
  // Re-renders on every frame and expiry; the typers are read at that moment.
  useSyncExternalStore(store.subscribe, store.getSnapshot);
  return store.typers(threadId).filter((id) => !exclude.includes(id));
}

/**
 * "<name> is typing…" under the history: a polite live region that is
 * always in the page (so screen readers hear it change), empty when nobody types.
 */
export function TypingIndicator({
  store,
  threadId,
  exclude,
  names,
}: {
  store: TypingStore;
  threadId: string;
  exclude: readonly string[];
  names: ReadonlyMap<string, string>;
}): ReactNode {
  const intl = useIntl();
  const typers = useTypers(store, threadId, exclude).flatMap((id) => {
    const name = names.get(id);
    // A name with a right-to-left override must not reorder the rest of the sentence.
    return name === undefined ? [] : [isolateIn(intl, name)];
  });
  let text = '';
  if (typers.length === 1) text = intl.formatMessage(typingMessages.one, { name: typers[0] });
  else if (typers.length > 1) {
    text = intl.formatMessage(typingMessages.several, { names: intl.formatList(typers) });
  }
  return (
    <p className="typing-indicator" role="status" aria-live="polite">
      {text}
    </p>
  );
}

/**
 * The composer's typing frames for one thread: `input()` on each change of
 * the text, `stop()` on send and blur; leaving the thread says "stopped".
 */
export function useTypingSender(live: LiveSync, threadId: string): TypingSender {
  const sender = useMemo(
    () =>
      new TypingSender((frame) => {
        live.connection.sendEphemeral(frame);
      }, browserClock),
    [live],
  );
  useEffect(
    () => () => {
      sender.stop();
    },
    [sender, threadId],
  );
  return sender;
}
