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
import type { CreateSessionServices, SessionServices } from './session-services';

export type SessionState =
  | { status: 'checking' }
  /** Nobody is logged in in this browser. */
  | { status: 'anonymous' }
  /** This browser had a session and the server no longer knows it (expired, removed, logged out elsewhere). */
  | { status: 'expired' }
  /** The session check on load got no answer. */
  | { status: 'unreachable' }
  /** `services` were built at this login and are disposed when it ends. */
  | { status: 'signed-in'; viewer: Viewer; services: SessionServices };

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
  createServices,
  children,
}: {
  marker: SessionMarker;
  fetch?: typeof globalThis.fetch;
  /** Builds a login's live objects (app/session-services.ts). */
  createServices: CreateSessionServices;
  children: ReactNode;
}): ReactNode {
  const [state, setFullState] = useState<SessionState>({ status: 'checking' });
  const lostRef = useRef<() => void>(() => undefined);
  // The login whose services are alive. State changes go through `setState` below, from
  // event handlers and settled requests (never from render), so each login's services are
  // built once and disposed exactly when the state leaves that login.
  const liveRef = useRef<SessionServices | null>(null);
  const createRef = useRef(createServices);
  createRef.current = createServices;
  const setState = useCallback((next: SessionState) => {
    const services = next.status === 'signed-in' ? next.services : null;
    if (liveRef.current !== services) liveRef.current?.dispose();
    liveRef.current = services;
    setFullState(next);
  }, []);
  useEffect(
    () => () => {
      liveRef.current?.dispose();
      liveRef.current = null;
    },
    [],
  );
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
    if (liveRef.current !== null) setState({ status: 'expired' });
  }, [api, setState]);
  lostRef.current = sessionLost;

  const signedIn = useCallback(
    (viewer: Viewer): SessionState => ({
      status: 'signed-in',
      viewer,
      services: createRef.current({
        api,
        viewerId: viewer.id,
        sessionLost: () => {
          lostRef.current();
        },
      }),
    }),
    [api],
  );

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
        setState(signedIn(info.viewer));
      },
      () => {
        if (!cancelled) setState({ status: 'unreachable' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [api, marker, checkCount, setState, signedIn]);

  const login = useCallback(
    async (credentials: Credentials) => {
      const info = await postLogin(api, credentials);
      api.setCsrfToken(info.csrf_token);
      marker.set(true);
      setState(signedIn(info.viewer));
      return info.viewer;
    },
    [api, marker, setState, signedIn],
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
  }, [api, marker, setState]);

  const acknowledgeExpiry = useCallback(() => {
    marker.set(false);
    setState({ status: 'anonymous' });
  }, [marker, setState]);

  const recheck = useCallback(() => {
    setState({ status: 'checking' });
    setCheckCount((n) => n + 1);
  }, [setState]);

  const session = useMemo<Session>(
    () => ({ state, api, login, logout, acknowledgeExpiry, recheck, sessionLost }),
    [state, api, login, logout, acknowledgeExpiry, recheck, sessionLost],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
