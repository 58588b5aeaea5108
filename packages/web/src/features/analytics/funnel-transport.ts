import { ApiError, type Api } from '../../http/api';
import { PermanentSendError, type FunnelTransport } from './funnel-queue';

export const FUNNEL_LOG_PATH = '/ajax/funnel_analytics/log/';
/** The page-hide twin of the log path: the CSRF token travels in the body. */
export const FUNNEL_BEACON_PATH = '/ajax/funnel_analytics/beacon/';

/**
 * Retrying cannot fix a batch the server judged malformed. Nor one refused for
 * the session (401, 403): sent again after someone else logs in, it would be
 * stored as theirs. Timeouts, rate limits, server errors and a dropped
 * connection are retried.
 */
function isPermanent(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

export function apiFunnelTransport(
  api: Api,
  sendBeacon: ((url: string, data: string) => boolean) | null = browserBeacon(),
): FunnelTransport {
  return {
    async send(batch) {
      try {
        await api.json(FUNNEL_LOG_PATH, { method: 'POST', body: batch });
      } catch (error) {
        if (isPermanent(error)) throw new PermanentSendError((error as Error).message);
        throw error;
      }
    },
    beacon(batch) {
      const token = api.csrfToken();
      if (sendBeacon === null || token === null) return false;
      // A string goes as text/plain, which every browser lets a beacon carry.
      return sendBeacon(FUNNEL_BEACON_PATH, JSON.stringify({ ...batch, csrf_token: token }));
    },
  };
}

function browserBeacon(): ((url: string, data: string) => boolean) | null {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return null;
  return (url, data) => navigator.sendBeacon(url, data);
}
