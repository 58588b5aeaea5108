import { embedPopupSchema } from '@messenger/core';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { useIntl } from 'react-intl';
import type { Api } from '../../http/api';
import { EMBED_SIGNED_IN_PATH } from '../../router/routes';
import { useSession } from '../../session/SessionProvider';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { StatusScreen } from '../../ui/StatusScreen';
import { LoginForm } from '../login/LoginForm';
import type { SignInMethodsInfo } from '../login/SignInMethods';
import type { EmbedBridge } from './bridge';
import { useEmbedBridge } from './EmbedBridgeContext';
import { embedMessages } from './messages';

/** How often the frame looks whether the login popup was closed (by the person, or by itself). */
const POPUP_POLL_MS = 500;

/**
 * Single sign-on inside the frame without a page: `prompt=none` at the
 * identity provider, which answers at once (a session there: signed in; none:
 * back here with `?sso=login_required`). The frame's own address (its
 * `parent` and settings) is where it comes back to.
 */
export function silentSignInUrl(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('sso');
  const returnTo = `/embed?${params.toString()}`;
  return `/auth/oidc/login?prompt=none&answer=json&return_to=${encodeURIComponent(returnTo)}`;
}

/**
 * Goes to the identity provider straight from the frame: the messenger answers
 * the address (and sets the sign-in's binding cookie) rather than redirecting,
 * as a redirect through the messenger's site would keep the provider's own
 * cookie from the request (docs/embedding.md, cookies).
 */
async function goSignInSilently(api: Api, bridge: EmbedBridge | null): Promise<void> {
  try {
    const answer = await api.json<{ url: string }>(silentSignInUrl(window.location.search));
    // The kit loads it: the host page as the initiator keeps the provider's Lax cookie first-party.
    if (bridge === null) window.location.replace(answer.url);
    else bridge.post({ type: 'sign-in-redirect', url: answer.url });
  } catch {
    window.location.replace(`/embed?${withSso(window.location.search, 'unavailable')}`);
  }
}

function withSso(search: string, value: string): string {
  const params = new URLSearchParams(search);
  params.set('sso', value);
  return params.toString();
}

function useMethods(): SignInMethodsInfo | null {
  const { api } = useSession();
  const [methods, setMethods] = useState<SignInMethodsInfo | null>(null);
  useEffect(() => {
    let cancelled = false;
    api.json<SignInMethodsInfo>('/auth/methods').then(
      (answer) => {
        if (!cancelled) setMethods({ password: answer.password, sso: answer.sso });
      },
      () => {
        if (!cancelled) setMethods({ password: true, sso: false });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [api]);
  return methods;
}

/**
 * The embed without a session. With single sign-on it first tries the silent
 * sign-in (not after a sign-out: that session ended on purpose); when the
 * identity provider needs the person, a "Log in" button opens its page in a
 * popup (a frame of another site may not show it, and the host page stays
 * where it is). Once the popup is done, the silent sign-in runs again, now
 * with the provider's session. Without single sign-on the password form
 * shows in the frame (its session cookie is the frame's own, partitioned).
 */
export function EmbedSignIn({ expired }: { expired: boolean }): ReactNode {
  const intl = useIntl();
  const session = useSession();
  const methods = useMethods();
  const [blocked, setBlocked] = useState(false);
  const answered = new URLSearchParams(window.location.search).get('sso') !== null;
  const silent = methods?.sso === true && !answered && !expired;
  const popupTimer = useRef<number | null>(null);

  const { api } = session;
  const bridge = useEmbedBridge();
  useEffect(() => {
    if (silent) void goSignInSilently(api, bridge);
  }, [silent, api, bridge]);

  const retrySilently = useCallback(() => {
    if (popupTimer.current !== null) window.clearInterval(popupTimer.current);
    popupTimer.current = null;
    void goSignInSilently(api, bridge);
  }, [api, bridge]);

  useEffect(() => {
    const onMessage = (event: MessageEvent): void => {
      if (event.origin !== window.location.origin) return;
      if (embedPopupSchema.safeParse(event.data).success) retrySilently();
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      if (popupTimer.current !== null) window.clearInterval(popupTimer.current);
    };
  }, [retrySilently]);

  const openPopup = (): void => {
    const url = `/auth/oidc/login?return_to=${encodeURIComponent(EMBED_SIGNED_IN_PATH)}`;
    const popup = window.open(url, 'messenger-login', 'popup,width=480,height=640');
    if (popup === null) {
      setBlocked(true);
      return;
    }
    setBlocked(false);
    // The popup's message is the usual end; a popup the person closes ends here too.
    popupTimer.current = window.setInterval(() => {
      if (popup.closed) retrySilently();
    }, POPUP_POLL_MS);
  };

  if (methods === null || silent) return <LoadingScreen />;
  const heading = intl.formatMessage(
    expired ? embedMessages.signedOutHeading : embedMessages.signInHeading,
  );
  return (
    <StatusScreen
      heading={heading}
      actions={
        methods.sso ? (
          <Button className="button button-primary" onPress={openPopup}>
            {intl.formatMessage(embedMessages.logIn)}
          </Button>
        ) : undefined
      }
    >
      <p>{intl.formatMessage(expired ? embedMessages.signedOutBody : embedMessages.signInBody)}</p>
      {blocked ? <p role="alert">{intl.formatMessage(embedMessages.popupBlocked)}</p> : null}
      {!methods.sso && methods.password ? <LoginForm onLogin={session.login} /> : null}
    </StatusScreen>
  );
}
