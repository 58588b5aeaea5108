import type { FastifyRequest } from 'fastify';
import type { AppContext, PresenceStore } from '../context';
import type { Viewer } from '../viewer';

/**
 * What every resolver receives. `memo` caches per-request work (the viewer's
 * circle of friends, coworkers and partners) so that one query with several
 * search fields loads it once.
 */
export interface GraphQLContext {
  app: AppContext;
  viewer: Viewer | null;
  presence: PresenceStore;
  memo: RequestMemo;
}

/** A per-request cache keyed by name; a stored promise lets concurrent resolvers share one load. */
export class RequestMemo {
  private readonly values = new Map<string, unknown>();

  /** The value stored under `key`, created on first use (a promise is shared, not re-run). */
  get<T>(key: string, create: () => T): T {
    if (this.values.has(key)) return this.values.get(key) as T;
    const created = create();
    this.values.set(key, created);
    return created;
  }
}

export function createGraphQLContext(
  app: AppContext,
  presence: PresenceStore,
  request: FastifyRequest,
): GraphQLContext {
  return { app, viewer: request.viewer, presence, memo: new RequestMemo() };
}
