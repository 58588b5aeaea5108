import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { requireViewer } from '../accounts/viewer';
import { zodToBadRequest } from './body';
import { formatIssuePath, funnelLogBatchSchema } from '@messenger/core';
import { storeFunnelBatch } from './funnel-repo';

/** Seed section 8: 'Funnel name not registered.' is an unrecoverable violation. */
export const funnelNotRegistered = (field: string): AppError =>
  new AppError('funnel_not_registered', 'Funnel name not registered.', 400, field);

function recordNameAt(body: unknown, index: number): unknown {
  const records = (body as { records?: unknown } | null | undefined)?.records;
  const entry: unknown = Array.isArray(records) ? records[index] : undefined;
  return (entry as { name?: unknown } | null | undefined)?.name;
}

/**
 * A record named with text that is not a registered funnel gets the seed's own
 * message; a missing or non-text name is an ordinary bad request.
 */
function toFunnelError(error: z.ZodError, body: unknown): AppError {
  const [first] = error.issues;
  const path = first?.path ?? [];
  const index = path[1];
  if (
    first?.code === 'invalid_value' &&
    path.length === 3 &&
    path[0] === 'records' &&
    typeof index === 'number' &&
    path[2] === 'name' &&
    typeof recordNameAt(body, index) === 'string'
  ) {
    return funnelNotRegistered(formatIssuePath(path));
  }
  return zodToBadRequest(error);
}

/** Funnel logging into the funnel_analytics channel; a batch is stored at most once. */
export function registerFunnelRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/ajax/funnel_analytics/log/', async (request) => {
    const viewer = requireViewer(request);
    const parsed = funnelLogBatchSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw toFunnelError(parsed.error, request.body);
    const result = await storeFunnelBatch(ctx.db, viewer.id, parsed.data, ctx.clock.now());
    return { ok: true, ...result };
  });
}
