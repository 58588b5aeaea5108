import { describe, expect, it, vi } from 'vitest';
import { ApiError, CSRF_HEADER, NetworkError, createApi } from './api';

function recorder(response: () => Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    calls.push({ url, init: init ?? {} });
    return Promise.resolve(response());
  });
  return { calls, fetch: fetch as unknown as typeof globalThis.fetch };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

const headerOf = (init: RequestInit, name: string) => new Headers(init.headers).get(name);

describe('createApi', () => {
  it('adds the CSRF token to state-changing requests only, with same-origin cookies', async () => {
    const { calls, fetch } = recorder(() => json(200, { ok: true }));
    const api = createApi({ fetch });
    api.setCsrfToken('tok-123');
    await api.json('/auth/session');
    await api.json('/qp/action/log/', { method: 'POST', body: { qp_id: 1 } });
    await api.fetch('/x', { method: 'delete' });

    expect(headerOf(calls[0]!.init, CSRF_HEADER)).toBeNull();
    expect(headerOf(calls[1]!.init, CSRF_HEADER)).toBe('tok-123');
    expect(headerOf(calls[1]!.init, 'content-type')).toBe('application/json');
    expect(calls[1]!.init.body).toBe('{"qp_id":1}');
    expect(headerOf(calls[2]!.init, CSRF_HEADER)).toBe('tok-123');
    for (const call of calls) expect(call.init.credentials).toBe('same-origin');
  });

  it('sends no token before login or after it is cleared', async () => {
    const { calls, fetch } = recorder(() => json(200, {}));
    const api = createApi({ fetch });
    await api.fetch('/auth/login', { method: 'POST', body: {} });
    api.setCsrfToken('t');
    api.setCsrfToken(null);
    await api.fetch('/auth/logout', { method: 'POST', body: {} });
    expect(calls.map((c) => headerOf(c.init, CSRF_HEADER))).toEqual([null, null]);
  });

  it("turns the server's error body into ApiError, with retry-after", async () => {
    const { fetch } = recorder(() =>
      json(429, { error: { code: 'rate_limited', message: 'Too many.' } }, { 'retry-after': '42' }),
    );
    const error = await createApi({ fetch })
      .json('/auth/login', { method: 'POST', body: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      code: 'rate_limited',
      message: 'Too many.',
      retryAfterSeconds: 42,
    });
  });

  it('keeps the status line when the error body is not JSON', async () => {
    const { fetch } = recorder(
      () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    const error = await createApi({ fetch })
      .json('/x')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'http_error', message: 'Bad Gateway' });
  });

  it('reports a lost session on a 401 only when a session was in use', async () => {
    const { fetch } = recorder(() =>
      json(401, { error: { code: 'unauthenticated', message: 'Log in.' } }),
    );
    const onSessionLost = vi.fn();
    const api = createApi({ fetch, onSessionLost });
    await api.fetch('/auth/session');
    expect(onSessionLost).not.toHaveBeenCalled();
    api.setCsrfToken('t');
    await api.fetch('/graphql', { method: 'POST', body: {} });
    expect(onSessionLost).toHaveBeenCalledTimes(1);
  });

  it('wraps a failed connection in NetworkError', async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await createApi({ fetch: fetch as unknown as typeof globalThis.fetch })
      .fetch('/x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
  });
});
