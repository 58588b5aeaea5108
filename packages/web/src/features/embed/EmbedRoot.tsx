import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Viewer } from '../../session/session-client';
import { useSession } from '../../session/SessionProvider';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { StatusScreen } from '../../ui/StatusScreen';
import { useDocumentTitle } from '../../ui/document-title';
import { applyAppearance } from '../appearance/appearance';
import { settingsFromSearch } from '../appearance/embed-search';
import { createEmbedBridge, embedParentOrigin } from './bridge';
import { EmbedBridgeContext } from './EmbedBridgeContext';
import { setEmbedSettings, useEmbedSettings } from './embed-settings';
import { EmbedSignIn } from './EmbedSignIn';
import { embedMessages } from './messages';
import './embed.css';

/** This page is not the kit's frame (opened directly, or framed by an unlisted site): nothing shows. */
function NotAvailable(): ReactNode {
  const intl = useIntl();
  return (
    <StatusScreen heading={intl.formatMessage(embedMessages.notAvailableHeading)}>
      <p>{intl.formatMessage(embedMessages.notAvailableBody)}</p>
    </StatusScreen>
  );
}

/** The host's theme on the document (its language reaches IntlProvider in App, which sets `lang` and `dir`). */
function useDocumentSettings(): void {
  const { theme } = useEmbedSettings();
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.embed = '';
    // The same switch as the messenger's own appearance menu; never stored: the host decides.
    applyAppearance(root, theme);
  }, [theme]);
}

/**
 * `/embed?parent=ORIGIN`: the messenger inside a host network's page (the
 * kit's frame). The session decides the screen: the sidebar and chat tabs
 * when signed in; otherwise the sign-in (silent when the identity provider
 * already knows the person, else a "Log in" button opening a popup). It
 * tells the host when it is ready, signed in or out, and follows the host's
 * commands (bridge.ts).
 */
export interface EmbedRootProps {
  /** The signed-in person's screens (the app's SignedIn, passed down: a feature imports no app module). */
  signedIn: (viewer: Viewer) => ReactNode;
}

export function EmbedRoot({ signedIn }: EmbedRootProps): ReactNode {
  const intl = useIntl();
  const session = useSession();
  const parent = useMemo(() => embedParentOrigin(window), []);
  const bridge = useMemo(
    () => (parent === null ? null : createEmbedBridge(parent, window)),
    [parent],
  );
  useDocumentTitle(intl.formatMessage(embedMessages.heading));
  useEffect(() => {
    setEmbedSettings(settingsFromSearch(window.location.search));
  }, []);
  useDocumentSettings();

  // The host's theme and language commands apply whatever the session shows.
  useEffect(
    () =>
      bridge?.listen((command) => {
        if (command.type === 'set-theme') setEmbedSettings({ theme: command.theme });
        if (command.type === 'set-language') setEmbedSettings({ language: command.language });
      }),
    [bridge],
  );

  const status = session.state.status;
  const settledStatus = status === 'checking' ? null : status;
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (bridge === null || settledStatus === null) return;
    const signedIn = settledStatus === 'signed-in';
    const before = previous.current;
    previous.current = settledStatus;
    if (before === null) {
      bridge.post({ type: 'ready', signed_in: signedIn });
      if (signedIn) bridge.post({ type: 'signed-in' });
      else if (settledStatus === 'expired') bridge.post({ type: 'signed-out' });
      return;
    }
    if (before === settledStatus) return;
    if (signedIn) bridge.post({ type: 'signed-in' });
    else if (before === 'signed-in') bridge.post({ type: 'signed-out' });
  }, [bridge, settledStatus]);

  if (bridge === null) return <NotAvailable />;
  const { state } = session;
  let screen: ReactNode;
  switch (state.status) {
    case 'checking':
      screen = <LoadingScreen />;
      break;
    case 'signed-in':
      screen = signedIn(state.viewer);
      break;
    case 'anonymous':
    case 'unreachable':
      screen = <EmbedSignIn expired={false} />;
      break;
    case 'expired':
      screen = <EmbedSignIn expired />;
      break;
  }
  return <EmbedBridgeContext.Provider value={bridge}>{screen}</EmbedBridgeContext.Provider>;
}
