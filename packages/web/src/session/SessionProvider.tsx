import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { createApi, type Api } from '../http/api';
import {
  fetchSession,
  postLogin,
  postLogout,
  type Credentials,
  type SessionMarker,
  type Viewer,
} from './session-client';

export type SessionState =
  | { status: 'checking' }
  /** Nobody is logged in in this browser. */
  | { status: 'anonymous' }
  /** This browser had a session and the server no longer knows it (expired, removed, logged out elsewhere). */
  | { status: 'expired' }
  /** The session check on load got no answer. */
  | { status: 'unreachable' }
  | { status: 'signed-in'; viewer: Viewer };

export interface Session {
  state: SessionState;
  api: Api;
  /** Throws ApiError (401 wrong password, 429 too many attempts) or NetworkError. */
  login: (credentials: Credentials) => Promise<Viewer>;
  logout: () => Promise<void>;
  /** Leaves the expired-session page for the login form. */
  acknowledgeExpiry: () => void;
  /** Checks the session again (after 'unreachable'). */
  recheck: () => void;
  /** Marks the session lost (a 401 from the server, GraphQL included). */
  sessionLost: () => void;
}

const SessionContext = createContext<Session | null>(null);

/** The session, or null outside a provider (widgets that work without one, as in tests). */
export function useOptionalSession(): Session | null {
  return useContext(SessionContext);
}

/**
 * The session's "the server no longer knows it" signal, or null outside a
 * SessionProvider (component tests render screens without one).
 */
export function useSessionLostSignal(): (() => void) | null {
  return useContext(SessionContext)?.sessionLost ?? null;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (session === null) throw new Error('useSession needs a <SessionProvider>');
  return session;
}

export function SessionProvider({
  marker,
  fetch,
  children,
}: {
  marker: SessionMarker;
  fetch?: typeof globalThis.fetch;
  children: ReactNode;
}): ReactNode {
  const [state, setState] = useState<SessionState>({ status: 'checking' });
  const lostRef = useRef<() => void>(() => undefined);
  const api = useMemo(
    () =>
      createApi({
        ...(fetch === undefined ? {} : { fetch }),
        onSessionLost: () => {
          lostRef.current();
        },
      }),
    [fetch],
  );

  const sessionLost = useCallback(() => {
    api.setCsrfToken(null);
    setState((current) => (current.status === 'signed-in' ? { status: 'expired' } : current));
  }, [api]);
  lostRef.current = sessionLost;

  const [checkCount, setCheckCount] = useState(0);
  useEffect(() => {
    let cancelled = false;
    fetchSession(api).then(
      (info) => {
        if (cancelled) return;
        if (info === null) {
          api.setCsrfToken(null);
          setState({ status: marker.get() ? 'expired' : 'anonymous' });
          return;
        }
        api.setCsrfToken(info.csrf_token);
        marker.set(true);
        setState({ status: 'signed-in', viewer: info.viewer });
      },
      () => {
        if (!cancelled) setState({ status: 'unreachable' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [api, marker, checkCount]);

  const login = useCallback(
    async (credentials: Credentials) => {
      const info = await postLogin(api, credentials);
      api.setCsrfToken(info.csrf_token);
      marker.set(true);
      setState({ status: 'signed-in', viewer: info.viewer });
      return info.viewer;
    },
    [api, marker],
  );

  const logout = useCallback(async () => {
    let endSessionUrl: string | null = null;
    try {
      endSessionUrl = await postLogout(api);
    } finally {
      api.setCsrfToken(null);
      marker.set(false);
      setState({ status: 'anonymous' });
    }
    if (endSessionUrl !== null) window.location.assign(endSessionUrl);
  }, [api, marker]);

  const acknowledgeExpiry = useCallback(() => {
    marker.set(false);
    setState({ status: 'anonymous' });
  }, [marker]);

  const recheck = useCallback(() => {
    setState({ status: 'checking' });
    setCheckCount((n) => n + 1);
  }, []);

  const session = useMemo<Session>(
    () => ({ state, api, login, logout, acknowledgeExpiry, recheck, sessionLost }),
    [state, api, login, logout, acknowledgeExpiry, recheck, sessionLost],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
