import { z } from 'zod';
import { funnelRecordSchema } from './funnel-record';

/** Our choice: large enough for a page's worth of funnels, small enough for one request. */
export const FUNNEL_LOG_BATCH_MAX = 500;

/**
 * The client picks `batch_id` once per batch and reuses it on retry, so the
 * server can store a batch at most once.
 */
export const batchIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Expected 8 to 64 letters, digits, "_" or "-"');

export const funnelLogBatchSchema = z.object({
  batch_id: batchIdSchema,
  records: z.array(funnelRecordSchema).min(1).max(FUNNEL_LOG_BATCH_MAX),
});
export type FunnelLogBatch = z.output<typeof funnelLogBatchSchema>;
