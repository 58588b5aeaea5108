import { ATTACHMENT_LIMITS } from '@messenger/core';
import { z } from 'zod';

/**
 * Every setting comes from the environment (README: Configuration). Invalid
 * values stop the start-up with the variable at fault named.
 */
const envSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  /** The Redis pub/sub channel of the cluster: several clusters (or test runs) may share one Redis. */
  REDIS_CHANNEL: z.string().min(1).max(200).default('messenger:sync'),
  ADMIN_TOKEN: z.string().min(16).optional(),
  /** OpenID Connect sign-in (docs/embedding.md): the identity provider's issuer URL; unset: off. */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** The ID token claim that holds the person's id in the network file. */
  OIDC_PERSON_CLAIM: z.string().min(1).default('sub'),
  /** on: an unknown person is created at their first sign-in (just in time); off: refused. */
  OIDC_JIT: z.enum(['on', 'off']).default('off'),
  /** off: only single sign-on signs people in (POST /auth/login answers 403). */
  PASSWORD_LOGIN: z.enum(['on', 'off']).default('on'),
  /** Bearer token of the SCIM 2.0 provisioning endpoints (/scim/v2); unset: they answer 403. */
  SCIM_TOKEN: z.string().min(16).optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO: z.enum(['auto', 'off']).default('auto'),
  PUBLIC_URL: z.string().optional(),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  ICE_SERVERS: z.string().default('[]'),
  CALL_PARTICIPANT_LIMIT: z.coerce.number().int().min(2).default(6),
  /** An unanswered call rings this long, then ends as 'No Answer'. */
  CALL_RING_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(45_000),
  /** A device in a call whose socket stays away this long has dropped out of the call. */
  CALL_DROP_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
  /** How often presence is re-evaluated and re-reported; a dead node's users lapse after 3 of these. */
  PRESENCE_SWEEP_MS: z.coerce.number().int().min(100).max(600_000).optional(),
  /** Largest encrypted image upload in bytes (413 beyond it). */
  ATTACHMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(ATTACHMENT_LIMITS.maxBytes),
});

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisChannel: string;
  adminToken: string | undefined;
  scimToken: string | undefined;
  /** Set when OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET all are. */
  oidc: OidcConfig | undefined;
  passwordLogin: boolean;
  production: boolean;
  logLevel: string;
  demo: 'auto' | 'off';
  publicUrl: string | undefined;
  loginRateLimitPerMinute: number;
  iceServersJson: string;
  callParticipantLimit: number;
  callRingTimeoutMs: number;
  callDropGraceMs: number;
  presenceSweepMs: number | undefined;
  attachmentMaxBytes: number;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  personClaim: string;
  jit: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Readonly<Record<string, string | undefined>>): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`invalid ${String(issue?.path[0])}: ${issue?.message ?? 'invalid'}`);
  }
  const e = parsed.data;
  const oidcParts = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET];
  if (oidcParts.some((v) => v !== undefined) && oidcParts.some((v) => v === undefined)) {
    throw new ConfigError(
      'invalid OIDC_ISSUER: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together',
    );
  }
  const oidc: OidcConfig | undefined =
    e.OIDC_ISSUER === undefined ||
    e.OIDC_CLIENT_ID === undefined ||
    e.OIDC_CLIENT_SECRET === undefined
      ? undefined
      : {
          issuer: e.OIDC_ISSUER,
          clientId: e.OIDC_CLIENT_ID,
          clientSecret: e.OIDC_CLIENT_SECRET,
          personClaim: e.OIDC_PERSON_CLAIM,
          jit: e.OIDC_JIT === 'on',
        };
  if (e.PASSWORD_LOGIN === 'off' && oidc === undefined) {
    throw new ConfigError('invalid PASSWORD_LOGIN: off needs OIDC_ISSUER, or nobody could sign in');
  }
  return {
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisChannel: e.REDIS_CHANNEL,
    adminToken: e.ADMIN_TOKEN,
    scimToken: e.SCIM_TOKEN,
    oidc,
    passwordLogin: e.PASSWORD_LOGIN === 'on',
    production: e.NODE_ENV === 'production',
    logLevel: e.LOG_LEVEL,
    demo: e.DEMO,
    publicUrl: e.PUBLIC_URL,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT,
    iceServersJson: e.ICE_SERVERS,
    callParticipantLimit: e.CALL_PARTICIPANT_LIMIT,
    callRingTimeoutMs: e.CALL_RING_TIMEOUT_MS,
    callDropGraceMs: e.CALL_DROP_GRACE_MS,
    presenceSweepMs: e.PRESENCE_SWEEP_MS,
    attachmentMaxBytes: e.ATTACHMENT_MAX_BYTES,
  };
}
