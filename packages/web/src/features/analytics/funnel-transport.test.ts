import { describe, expect, it, vi } from 'vitest';
import { createApi } from '../../http/api';
import { PermanentSendError } from './funnel-queue';
import { apiFunnelTransport, FUNNEL_BEACON_PATH, FUNNEL_LOG_PATH } from './funnel-transport';

const batch = { batch_id: 'batch-0001', records: [] };

function transportAnswering(status: number) {
  const fetch = vi.fn((_path: string, _init?: RequestInit) =>
    Promise.resolve(
      new Response(JSON.stringify({ error: { code: 'x', message: `status ${String(status)}` } }), {
        status,
      }),
    ),
  );
  const api = createApi({ fetch: fetch as unknown as typeof globalThis.fetch });
  api.setCsrfToken('tok');
  const beacons: [string, string][] = [];
  const transport = apiFunnelTransport(api, (url, data) => {
    beacons.push([url, data]);
    return true;
  });
  return { transport, fetch, beacons, api };
}

describe('funnel transport', () => {
  it.each([400, 401, 403, 413])('gives up on a batch refused with %i', async (status) => {
    await expect(transportAnswering(status).transport.send(batch)).rejects.toBeInstanceOf(
      PermanentSendError,
    );
  });

  it.each([408, 429, 500, 503])('keeps a batch answered with %i for a retry', async (status) => {
    const error = await transportAnswering(status)
      .transport.send(batch)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(PermanentSendError);
  });

  it('posts to the log path, and beacons with the CSRF token in the body', async () => {
    const { transport, fetch, beacons, api } = transportAnswering(500);
    await transport.send(batch).catch(() => undefined);
    expect(fetch.mock.calls[0]?.[0]).toBe(FUNNEL_LOG_PATH);
    expect(transport.beacon(batch)).toBe(true);
    expect(beacons).toEqual([
      [FUNNEL_BEACON_PATH, JSON.stringify({ ...batch, csrf_token: 'tok' })],
    ]);
    // Without a session there is nothing to beacon with: held for later.
    api.setCsrfToken(null);
    expect(transport.beacon(batch)).toBe(false);
  });
});
