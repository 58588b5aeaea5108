/**
 * The one way the client talks HTTP to its server: same-origin cookies, JSON,
 * and the `x-csrf-token` header on every state-changing request (the server
 * refuses a POST of a session without it).
 */

export const CSRF_HEADER = 'x-csrf-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The server's wire form of an error: `{error: {code, message, field?}}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Seconds from a `retry-after` header (429), else null. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The server could not be reached at all (offline, DNS, connection refused). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('The server could not be reached.', { cause });
    this.name = 'NetworkError';
  }
}

export interface ApiRequest {
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface Api {
  /** A raw request with the session's headers; errors are not thrown for HTTP statuses. */
  fetch: (path: string, request?: ApiRequest) => Promise<Response>;
  /** JSON in, JSON out; a non-2xx answer throws ApiError, no answer NetworkError. */
  json: <T>(path: string, request?: ApiRequest) => Promise<T>;
  setCsrfToken: (token: string | null) => void;
  /** For requests made without `fetch`: an upload with progress (XHR) or a page-hide beacon (token in the body). */
  csrfToken: () => string | null;
}

export interface ApiOptions {
  fetch?: typeof globalThis.fetch;
  /** A 401 on a request made with a session: the session has died on the server. */
  onSessionLost?: () => void;
}

function parseRetryAfter(value: string | null): number | null {
  if (value === null) return null;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : null;
}

export async function errorFromResponse(response: Response): Promise<ApiError> {
  let code = 'http_error';
  let message = response.statusText || `HTTP ${response.status}`;
  try {
    const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
    if (typeof body.error?.code === 'string') code = body.error.code;
    if (typeof body.error?.message === 'string') message = body.error.message;
  } catch {
    // Not JSON (a proxy's error page): keep the status line.
  }
  return new ApiError(
    response.status,
    code,
    message,
    parseRetryAfter(response.headers.get('retry-after')),
  );
}

export function createApi(options: ApiOptions = {}): Api {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  let csrfToken: string | null = null;

  const api: Api = {
    setCsrfToken(token) {
      csrfToken = token;
    },
    csrfToken: () => csrfToken,
    async fetch(path, request = {}) {
      const method = (request.method ?? 'GET').toUpperCase();
      const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
      if (request.body !== undefined) headers['content-type'] = 'application/json';
      if (!SAFE_METHODS.has(method) && csrfToken !== null) headers[CSRF_HEADER] = csrfToken;
      const hadSession = csrfToken !== null;
      let response: Response;
      try {
        response = await doFetch(path, {
          method,
          headers,
          credentials: 'same-origin',
          ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
          ...(request.signal === undefined ? {} : { signal: request.signal }),
        });
      } catch (error) {
        if (request.signal?.aborted === true) throw error;
        throw new NetworkError(error);
      }
      if (response.status === 401 && hadSession) options.onSessionLost?.();
      return response;
    },
    async json<T>(path: string, request?: ApiRequest): Promise<T> {
      const response = await api.fetch(path, request);
      if (!response.ok) throw await errorFromResponse(response);
      return (await response.json()) as T;
    },
  };
  return api;
}
