import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../../errors';

/** Every login limit counts attempts over one minute. */
export const LOGIN_WINDOW_MS = 60_000;

/** Which limit an attempt ran into: its 429 says so. */
export type LoginLimitName = 'address' | 'address_username' | 'username';

interface LoginLimit {
  name: LoginLimitName;
  max: number;
  key: (request: FastifyRequest) => string;
  /** Why a person sees it, in the 429's message. */
  reason: string;
}

function usernameOf(request: FastifyRequest): string {
  const body = request.body as { username?: unknown } | null | undefined;
  return typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
}

/**
 * The three limits, checked in this order, each stopping the next from counting:
 * - per address across usernames (one address spraying passwords over many accounts);
 * - per address and username (the classic guess; another user at that address is not locked out);
 * - per username across addresses (a spread-out guess at one account), set higher so that one
 *   address alone, held by the two limits above, cannot lock a person out.
 * Keys carry their limit's name: the limits share one store.
 */
function loginLimits(config: Config): LoginLimit[] {
  return [
    {
      name: 'address',
      max: config.loginAddressRateLimitPerMinute,
      key: (request) => `address:${request.ip}`,
      reason: 'from this address',
    },
    {
      name: 'address_username',
      max: config.loginRateLimitPerMinute,
      key: (request) => `address_username:${request.ip}|${usernameOf(request)}`,
      reason: 'for this username from this address',
    },
    {
      name: 'username',
      max: config.loginUsernameRateLimitPerMinute,
      key: (request) => `username:${usernameOf(request)}`,
      reason: 'for this username',
    },
  ];
}

export class LoginRateLimited extends AppError {
  constructor(
    readonly limit: LoginLimitName,
    readonly retryAfterSeconds: number,
    reason: string,
  ) {
    super(
      'rate_limited',
      `Too many login attempts ${reason}. Try again in ${String(retryAfterSeconds)} seconds.`,
    );
  }
}

export type LoginLimiter = (request: FastifyRequest) => Promise<void>;

/**
 * Builds the check run before each login (after the body is parsed: two keys need the
 * username). The counters live where the app's @fastify/rate-limit store is: Redis
 * with REDIS_URL, so every node counts the same attempts. Throws LoginRateLimited.
 */
export function createLoginLimiter(app: FastifyInstance, config: Config): LoginLimiter {
  const checks = loginLimits(config).map((limit) => ({
    limit,
    check: app.createRateLimit({
      max: limit.max,
      timeWindow: LOGIN_WINDOW_MS,
      keyGenerator: limit.key,
    }),
  }));
  return async (request) => {
    for (const { limit, check } of checks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new LoginRateLimited(limit.name, Math.max(1, result.ttlInSeconds), limit.reason);
      }
    }
  };
}
