import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** A dependency that has not answered in this long counts as down. */
export const READY_CHECK_TIMEOUT_MS = 2000;

type CheckState = 'up' | 'down';

export interface Readiness {
  ready: boolean;
  database: CheckState;
  /** 'none': the in-process bus of a single node. */
  bus: CheckState | 'none';
  /** Shutting down: load balancers must send new sockets elsewhere. */
  draining: boolean;
}

function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new Error('timed out'));
    }, timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => {
    clearTimeout(timer);
  });
}

const stateOf = (work: Promise<unknown>): Promise<CheckState> =>
  work.then(
    () => 'up' as const,
    () => 'down' as const,
  );

/** Asks the database and the bus (both at once, each within the timeout). */
export async function checkReadiness(
  ctx: AppContext,
  timeoutMs = READY_CHECK_TIMEOUT_MS,
): Promise<Readiness> {
  const bus = ctx.bus;
  const [database, busState] = await Promise.all([
    stateOf(
      withTimeout(
        ctx.db.read((db) => sql`select 1`.execute(db)),
        timeoutMs,
      ),
    ),
    bus.checkReady === undefined
      ? Promise.resolve('none' as const)
      : stateOf(bus.checkReady(timeoutMs)),
  ]);
  const draining = ctx.lifecycle.draining;
  return {
    ready: database === 'up' && busState !== 'down' && !draining,
    database,
    bus: busState,
    draining,
  };
}

/**
 * GET /readyz: 200 while this node can serve (database and Redis answer, not shutting
 * down), else 503 saying what is missing; GET /healthz: the process is alive.
 */
export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/healthz', () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const readiness = await checkReadiness(ctx);
    void reply.header('cache-control', 'no-store');
    if (readiness.ready) return { status: 'ready', ...readiness };
    return reply.status(503).send({ status: 'unavailable', ...readiness });
  });
}
