import { isIP } from 'node:net';
import { ATTACHMENT_LIMITS } from '@messenger/core';
import { z } from 'zod';
import { tracingConfigFrom, tracingEnvShape, type TracingConfig } from './config-tracing';

/**
 * Fastify's `trustProxy`: whom to believe about the client's address
 * (X-Forwarded-For) and protocol. `false`: nobody (the default: a node reached
 * directly must not let clients pick their address); `true`: any peer; a hop
 * count; or the balancers' addresses and CIDR ranges.
 */
export type TrustProxy = boolean | number | string[];

const CIDR = /^(.+)\/(\d{1,3})$/;

function isAddressOrRange(entry: string): boolean {
  const range = CIDR.exec(entry);
  if (!range) return isIP(entry) !== 0;
  const [, address = '', bits = ''] = range;
  const family = isIP(address);
  return family !== 0 && Number(bits) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: `false` | `true` | a hop count | comma-separated addresses or CIDR ranges. */
const trustProxySchema = z
  .string()
  .default('false')
  .transform((raw, context): TrustProxy => {
    const text = raw.trim();
    if (text === '' || text === 'false') return false;
    if (text === 'true') return true;
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text.split(',').map((entry) => entry.trim());
    const bad = entries.find((entry) => !isAddressOrRange(entry));
    if (bad !== undefined) {
      context.addIssue({
        code: 'custom',
        message: `"${bad}" is not true, false, a hop count, an IP address or a CIDR range`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * Every setting comes from the environment (README: Configuration). Invalid
 * values stop the start-up with the variable at fault named.
 */
/**
 * A comma list of web origins (`https://host[:port]`, no path): each entry must be
 * exactly what a browser sends in its Origin header. Empty or unset: none.
 */
const originList = z
  .string()
  .default('')
  .transform((text, ctx) => {
    const origins: string[] = [];
    for (const entry of text.split(',').map((part) => part.trim())) {
      if (entry === '') continue;
      let origin: string | null = null;
      try {
        const url = new URL(entry);
        if (url.protocol === 'http:' || url.protocol === 'https:') origin = url.origin;
      } catch {
        origin = null;
      }
      if (origin !== entry) {
        ctx.addIssue({
          code: 'custom',
          message: `"${entry}" is not an origin like https://example.com or http://host:8080`,
        });
        return z.NEVER;
      }
      origins.push(origin);
    }
    return origins;
  });

/** `host:port` (IPv6 in brackets: `[::1]:9464`) of an extra listener. */
const listenAddress = z
  .string()
  .regex(/^(\[[0-9a-fA-F:.]+\]|[^:\s]+):\d{1,5}$/, 'must be host:port, e.g. 127.0.0.1:9464')
  .transform((text) => {
    const colon = text.lastIndexOf(':');
    return {
      host: text.slice(0, colon).replace(/^\[|\]$/g, ''),
      port: Number(text.slice(colon + 1)),
    };
  })
  .refine((address) => address.port <= 65_535, 'port must be at most 65535');

/**
 * GraphQL query limits' defaults (graphql/complexity.ts measures a query against
 * them). Deepest field nesting accepted. The client's deepest operation (the thread
 * list) is 9 deep, which is also as deep as the schema goes without a cycle.
 */
export const MAX_DEPTH = 12;
/**
 * Largest estimated cost. The client's costliest operations: the thread list's
 * next page asked with 100 threads about 16,300, the sidebar about 11,900
 * (`__typename` counts like any field).
 */
export const MAX_COST = 20_000;

const envSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  /** The Redis pub/sub channel of the cluster: several clusters (or test runs) may share one Redis. */
  REDIS_CHANNEL: z.string().min(1).max(200).default('messenger:sync'),
  ADMIN_TOKEN: z.string().min(16).optional(),
  /** Bearer token that opens GET /metrics on the public listener; unset: /metrics is not served there. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** A separate listener (host:port) that serves only /metrics, without a token. */
  METRICS_LISTEN: listenAddress.optional(),
  TRUST_PROXY: trustProxySchema,
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
  /**
   * The demo's identity provider and host site (features/demo; `npm start` sets them):
   * their ports on this machine, both served as http://localhost:PORT. Unset: not started.
   */
  DEMO_IDP_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  DEMO_HOST_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  PUBLIC_URL: z.string().optional(),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /** Login attempts per minute from one address, whatever the usernames. */
  LOGIN_ADDRESS_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  /** Login attempts per minute at one username, from every address together. */
  LOGIN_USERNAME_RATE_LIMIT: z.coerce.number().int().positive().default(50),
  /** Origins whose pages may call the API with the person's cookie (CORS); default none: same-origin only. */
  CORS_ORIGINS: originList,
  /** Origins that may frame the messenger (CSP frame-ancestors), besides itself. */
  EMBED_ORIGINS: originList,
  ICE_SERVERS: z.string().default('[]'),
  /** A request's headers must all arrive within this long (slowloris). */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** A whole request (headers and body) must arrive within this long. */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /** An idle kept-alive connection is closed after this long. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  CALL_PARTICIPANT_LIMIT: z.coerce.number().int().min(2).default(6),
  /** An unanswered call rings this long, then ends as 'No Answer'. */
  CALL_RING_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(45_000),
  /** A device in a call whose socket stays away this long has dropped out of the call. */
  CALL_DROP_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
  /** How often presence is re-evaluated and re-reported; a dead node's users lapse after 3 of these. */
  PRESENCE_SWEEP_MS: z.coerce.number().int().min(100).max(600_000).optional(),
  /** How long after sending its sender may edit a message (issue 33: 15 minutes). */
  MESSAGE_EDIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(15 * 60_000),
  /** How long after sending its sender may unsend a message for everyone. */
  MESSAGE_UNSEND_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(24 * 60 * 60_000),
  /** Largest encrypted image upload in bytes (413 beyond it). */
  ATTACHMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(ATTACHMENT_LIMITS.maxBytes),
  /** SIGTERM: how long /readyz says 503 (sockets refused) before the node stops serving. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  /** SIGTERM or SIGINT: the process exits by this long after, whatever is still running. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** Most images one account may have uploaded and not yet sent (429 beyond it). */
  UNSENT_UPLOAD_MAX_COUNT: z.coerce.number().int().min(1).max(10_000).default(30),
  /** Most bytes of images one account may have uploaded and not yet sent (429 beyond it). */
  UNSENT_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(10 * 1024 * 1024 * 1024)
    .default(100 * 1024 * 1024),
  /** GraphQL: deepest field nesting and largest estimated cost accepted (graphql/complexity.ts). */
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(1).max(100).default(MAX_DEPTH),
  GRAPHQL_MAX_COST: z.coerce.number().int().min(1).max(10_000_000).default(MAX_COST),
  /** OpenTelemetry traces of a send (OTEL_*): off unless an exporter or endpoint is set. */
  ...tracingEnvShape,
});

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisChannel: string;
  adminToken: string | undefined;
  metricsToken: string | undefined;
  metricsListen: { host: string; port: number } | undefined;
  trustProxy: TrustProxy;
  scimToken: string | undefined;
  /** Set when OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET all are. */
  oidc: OidcConfig | undefined;
  passwordLogin: boolean;
  production: boolean;
  logLevel: string;
  demo: 'auto' | 'off';
  /** Both set: the demo identity provider and host site start with the messenger. */
  demoSites: { idpPort: number; hostPort: number } | undefined;
  publicUrl: string | undefined;
  loginRateLimitPerMinute: number;
  loginAddressRateLimitPerMinute: number;
  loginUsernameRateLimitPerMinute: number;
  corsOrigins: readonly string[];
  embedOrigins: readonly string[];
  iceServersJson: string;
  httpHeadersTimeoutMs: number;
  httpRequestTimeoutMs: number;
  httpKeepAliveTimeoutMs: number;
  callParticipantLimit: number;
  callRingTimeoutMs: number;
  callDropGraceMs: number;
  presenceSweepMs: number | undefined;
  attachmentMaxBytes: number;
  graphqlMaxDepth: number;
  graphqlMaxCost: number;
  unsentUploadMaxCount: number;
  shutdownDrainMs: number;
  shutdownTimeoutMs: number;
  unsentUploadMaxBytes: number;
  messageEditWindowMs: number;
  messageUnsendWindowMs: number;
  /** OpenTelemetry traces of a send; undefined: off (the SDK is never loaded). */
  tracing: TracingConfig | undefined;
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
    metricsToken: e.METRICS_TOKEN,
    metricsListen: e.METRICS_LISTEN,
    trustProxy: e.TRUST_PROXY,
    scimToken: e.SCIM_TOKEN,
    oidc,
    passwordLogin: e.PASSWORD_LOGIN === 'on',
    production: e.NODE_ENV === 'production',
    logLevel: e.LOG_LEVEL,
    demo: e.DEMO,
    demoSites:
      e.DEMO_IDP_PORT === undefined || e.DEMO_HOST_PORT === undefined
        ? undefined
        : { idpPort: e.DEMO_IDP_PORT, hostPort: e.DEMO_HOST_PORT },
    publicUrl: e.PUBLIC_URL,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT,
    loginAddressRateLimitPerMinute: e.LOGIN_ADDRESS_RATE_LIMIT,
    loginUsernameRateLimitPerMinute: e.LOGIN_USERNAME_RATE_LIMIT,
    corsOrigins: e.CORS_ORIGINS,
    embedOrigins: e.EMBED_ORIGINS,
    iceServersJson: e.ICE_SERVERS,
    // Node refuses a headers timeout longer than the request's.
    httpHeadersTimeoutMs: Math.min(e.HTTP_HEADERS_TIMEOUT_MS, e.HTTP_REQUEST_TIMEOUT_MS),
    httpRequestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
    httpKeepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    callParticipantLimit: e.CALL_PARTICIPANT_LIMIT,
    callRingTimeoutMs: e.CALL_RING_TIMEOUT_MS,
    callDropGraceMs: e.CALL_DROP_GRACE_MS,
    presenceSweepMs: e.PRESENCE_SWEEP_MS,
    attachmentMaxBytes: e.ATTACHMENT_MAX_BYTES,
    graphqlMaxDepth: e.GRAPHQL_MAX_DEPTH,
    graphqlMaxCost: e.GRAPHQL_MAX_COST,
    unsentUploadMaxCount: e.UNSENT_UPLOAD_MAX_COUNT,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    unsentUploadMaxBytes: e.UNSENT_UPLOAD_MAX_BYTES,
    messageEditWindowMs: e.MESSAGE_EDIT_WINDOW_MS,
    messageUnsendWindowMs: e.MESSAGE_UNSEND_WINDOW_MS,
    tracing: tracingConfigFrom(e),
  };
}
