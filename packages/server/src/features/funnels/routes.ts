import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../errors';
import { checkBodyCsrf } from '../accounts/csrf';
import { requireViewer } from '../accounts/viewer';
import { zodToBadRequest } from '../../http/form-body';
import { formatIssuePath, funnelLogBatchSchema } from '@messenger/core';
import { storeFunnelBatch } from './repo';

/** Seed section 8: 'Funnel name not registered.' is an unrecoverable violation. */
export const funnelNotRegistered = (field: string): AppError =>
  new AppError('funnel_not_registered', 'Funnel name not registered.', field);

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

/** A beacon posts its JSON as text/plain (the one body type every browser lets it send). */
function beaconBody(body: unknown): Record<string, unknown> {
  let parsed: unknown = body;
  if (typeof body === 'string') {
    try {
      parsed = JSON.parse(body);
    } catch {
      throw badRequest('body', 'Expected a JSON body');
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw badRequest('body', 'Expected a JSON object');
  }
  return parsed as Record<string, unknown>;
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

  // The page-hide flush: same batch rules, the CSRF token in the body.
  app.post('/ajax/funnel_analytics/beacon/', async (request) => {
    const viewer = requireViewer(request);
    const { csrf_token: token, ...batch } = beaconBody(request.body);
    checkBodyCsrf(token, request.authSession?.csrfToken ?? null);
    const parsed = funnelLogBatchSchema.safeParse(batch);
    if (!parsed.success) throw toFunnelError(parsed.error, batch);
    const result = await storeFunnelBatch(ctx.db, viewer.id, parsed.data, ctx.clock.now());
    return { ok: true, ...result };
  });
}
