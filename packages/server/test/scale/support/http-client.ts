import { SEND, type SentMessageResult } from '../../sync/support/gql';
import type { Session } from '../../support/session';

/** Logs in over real HTTP (the node is another process): the session cookie and CSRF token. */
export async function httpLogin(
  baseUrl: string,
  username: string,
  password: string,
): Promise<Session> {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = await response.text();
  if (response.status !== 200)
    throw new Error(`login of ${username}: ${String(response.status)} ${body}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('msgr_session='));
  if (cookie === undefined) throw new Error('login set no session cookie');
  return { cookie, csrf: (JSON.parse(body) as { csrf_token: string }).csrf_token };
}

export interface SendInput {
  recipient_id?: string;
  thread_id?: string;
  text: string;
  offline_threading_id: string;
}

/**
 * `send_message` over HTTP. Resolves only on an acknowledgement (HTTP 200
 * with the message); a dropped connection rejects, as a killed node does.
 */
export async function httpSend(
  baseUrl: string,
  session: Session,
  input: SendInput,
): Promise<SentMessageResult> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      cookie: session.cookie,
      'x-csrf-token': session.csrf,
    },
    body: JSON.stringify({ query: SEND, variables: { input } }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`send: HTTP ${String(response.status)} ${text}`);
  const body = JSON.parse(text) as {
    data?: { send_message?: SentMessageResult } | null;
    errors?: unknown[];
  };
  const sent = body.data?.send_message;
  if (sent === undefined) throw new Error(`send failed: ${text}`);
  return sent;
}

/** The sidebar's buddy list (`<id>-<ACTIVE|IDLE|OFFLINE>`), as that node's presence store sees it. */
export async function httpBuddies(baseUrl: string, session: Session): Promise<string[]> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      cookie: session.cookie,
      'x-csrf-token': session.csrf,
    },
    body: JSON.stringify({ query: '{ viewer { chat_sidebar_preload { buddies } } }' }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  const body = JSON.parse(text) as {
    data?: { viewer?: { chat_sidebar_preload?: { buddies?: string[] } } } | null;
  };
  const buddies = body.data?.viewer?.chat_sidebar_preload?.buddies;
  if (buddies === undefined) throw new Error(`buddy list: HTTP ${String(response.status)} ${text}`);
  return buddies;
}
