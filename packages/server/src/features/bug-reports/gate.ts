import { forbidden } from '../../errors';
import type { Viewer } from '../accounts/viewer';

export const EXTERNAL_BUG_REPORT_GATE = 'external_bug_report';

/**
 * Seed section 6: non-staff see external bug reporting only when the network
 * allows it and their gate is on. Staff are refused here on purpose: they have
 * the employee report, and one report path per person keeps triage clean.
 */
export function requireExternalBugReporter(viewer: Viewer, externalReportsAllowed: boolean): void {
  if (viewer.isEmployee) throw forbidden('Staff use the employee bug report.');
  if (!externalReportsAllowed || !viewer.gates.has(EXTERNAL_BUG_REPORT_GATE)) {
    throw forbidden('Bug reporting is not available to you.');
  }
}

export type BugReportKind = 'employee' | 'external';

/** Which report path a person may use, so the client shows only what the server accepts. */
export function bugReportKindOf(
  viewer: Viewer,
  externalReportsAllowed: boolean,
): BugReportKind | null {
  if (viewer.isEmployee) return 'employee';
  return externalReportsAllowed && viewer.gates.has(EXTERNAL_BUG_REPORT_GATE) ? 'external' : null;
}
