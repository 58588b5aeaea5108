import { z } from 'zod';
import { FUNNEL_NAMES } from '../analytics/funnel-registry';

/** Seed section 4: cancel is the fifth way out, and it is never logged. */
export const FUNNEL_END_REASONS = ['explicit', 'timeout', 'restart', 'session_end'] as const;
export type FunnelEndReason = (typeof FUNNEL_END_REASONS)[number];

/**
 * Our limits (the seed gives none). The funnel manager enforces the same caps so
 * that every record it logs passes this schema on the server.
 */
export const FUNNEL_RECORD_LIMITS = {
  maxActions: 1_000,
  maxTags: 50,
  maxStringLength: 256,
  maxPayloadKeys: 20,
  maxInstanceIdLength: 64,
} as const;

const shortString = z.string().min(1).max(FUNNEL_RECORD_LIMITS.maxStringLength);

/** Payload values stay flat so the logging channel can store them as columns. */
export const funnelPayloadSchema = z
  .record(
    z.string().min(1).max(FUNNEL_RECORD_LIMITS.maxStringLength),
    z.union([
      z.string().max(FUNNEL_RECORD_LIMITS.maxStringLength),
      z.number(),
      z.boolean(),
      z.null(),
    ]),
  )
  .refine((payload) => Object.keys(payload).length <= FUNNEL_RECORD_LIMITS.maxPayloadKeys, {
    message: `Too many payload keys: at most ${FUNNEL_RECORD_LIMITS.maxPayloadKeys}`,
  });
export type FunnelPayload = z.output<typeof funnelPayloadSchema>;

export const funnelActionSchema = z.object({
  name: shortString,
  /** Milliseconds since the funnel started. */
  relative_time: z.int().min(0),
  tag: shortString.nullable().default(null),
  payload: funnelPayloadSchema.nullable().default(null),
});
export type FunnelAction = z.output<typeof funnelActionSchema>;

export const funnelRecordSchema = z.object({
  name: z.enum(FUNNEL_NAMES),
  instance_id: z.string().min(1).max(FUNNEL_RECORD_LIMITS.maxInstanceIdLength),
  /** Milliseconds since the Unix epoch, from the injected clock. */
  start_time: z.int().min(0),
  tags: z.array(shortString).max(FUNNEL_RECORD_LIMITS.maxTags).default([]),
  actions: z.array(funnelActionSchema).max(FUNNEL_RECORD_LIMITS.maxActions).default([]),
  sampling_rate: z.number().gt(0).max(1),
  timeout_sec: z.int().positive(),
  end_reason: z.enum(FUNNEL_END_REASONS),
});
export type FunnelRecord = z.output<typeof funnelRecordSchema>;
export type FunnelRecordInput = z.input<typeof funnelRecordSchema>;
