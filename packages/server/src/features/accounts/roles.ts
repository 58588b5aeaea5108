import { forbidden } from '../../errors';
import type { Viewer } from './viewer';

export function requireEmployee(viewer: Viewer): void {
  if (!viewer.isEmployee) throw forbidden('Only staff can do this.');
}

export function requireWork(viewer: Viewer): void {
  if (!viewer.isWork) throw forbidden('Only work accounts can do this.');
}
