import { ApiError, type Api } from '../http/api';

/** The logged-in person, as /auth/login and /auth/session describe them. */
export interface Viewer {
  id: string;
  name: string;
  short_name: string;
  username: string;
  account: 'personal' | 'work';
  company_id: string | null;
  company_prefix: string | null;
  is_employee: boolean;
  is_work: boolean;
  gates: string[];
}

export interface SessionInfo {
  viewer: Viewer;
  csrf_token: string;
}

export interface Credentials {
  username: string;
  password: string;
}

/** GET /auth/session: the live session, or null when there is none (401). */
export async function fetchSession(api: Api): Promise<SessionInfo | null> {
  try {
    return await api.json<SessionInfo>('/auth/session');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function postLogin(api: Api, credentials: Credentials): Promise<SessionInfo> {
  return api.json<SessionInfo>('/auth/login', { method: 'POST', body: credentials });
}

/**
 * Logs out here; for a session from single sign-on, returns the identity
 * provider's end-session URL, where the browser goes next so that the
 * provider's session ends too (RP-initiated logout).
 */
export async function postLogout(api: Api): Promise<string | null> {
  const answer = await api.json<{ end_session_url?: unknown }>('/auth/logout', {
    method: 'POST',
    body: {},
  });
  const url = answer.end_session_url;
  return typeof url === 'string' && /^https?:\/\//.test(url) ? url : null;
}

/**
 * Remembers across reloads that this browser had a session, so that a 401 on
 * load can tell "your session expired" from "you never logged in". Holds no
 * secret: only the fact.
 */
export interface SessionMarker {
  get: () => boolean;
  set: (had: boolean) => void;
}

const MARKER_KEY = 'messenger.had_session';

export function storageSessionMarker(storage: Storage | undefined): SessionMarker {
  return {
    get() {
      try {
        return storage?.getItem(MARKER_KEY) === '1';
      } catch {
        return false;
      }
    },
    set(had) {
      try {
        if (had) storage?.setItem(MARKER_KEY, '1');
        else storage?.removeItem(MARKER_KEY);
      } catch {
        // Storage disabled (private mode): expiry then reads as "logged out".
      }
    },
  };
}
