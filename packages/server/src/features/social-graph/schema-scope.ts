import type { GraphQLContext } from '../../graphql/context';
import { viewerOf } from '../../graphql/errors';
import { createViewerScope, type ViewerScope } from './scope';

/** The request's viewer scope (`unauthenticated` without a viewer), created once per request. */
export function scopeOf(ctx: GraphQLContext): ViewerScope {
  const viewer = viewerOf(ctx);
  return ctx.memo.get('viewer-scope', () => createViewerScope(ctx.app.db, ctx.app.clock, viewer));
}
