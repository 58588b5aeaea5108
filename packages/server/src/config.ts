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
});

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisChannel: string;
  adminToken: string | undefined;
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
  messageEditWindowMs: number;
  messageUnsendWindowMs: number;
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
  return {
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisChannel: e.REDIS_CHANNEL,
    adminToken: e.ADMIN_TOKEN,
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
    messageEditWindowMs: e.MESSAGE_EDIT_WINDOW_MS,
    messageUnsendWindowMs: e.MESSAGE_UNSEND_WINDOW_MS,
  };
}
