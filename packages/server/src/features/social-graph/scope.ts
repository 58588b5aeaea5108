import type { Clock } from '@messenger/core';
import type { Db } from '../../storage/db';
import type { Viewer } from '../accounts/viewer';
import { loadCircle, type ViewerCircle } from './circle';

/**
 * Everything a graph or search service needs about who is asking. The circle
 * is loaded on first use and shared by every field of one request.
 */
export interface ViewerScope {
  db: Db;
  clock: Clock;
  viewer: Viewer;
  circle(): Promise<ViewerCircle>;
}

export function createViewerScope(db: Db, clock: Clock, viewer: Viewer): ViewerScope {
  let circle: Promise<ViewerCircle> | undefined;
  return {
    db,
    clock,
    viewer,
    circle: () => (circle ??= loadCircle(db, viewer)),
  };
}
