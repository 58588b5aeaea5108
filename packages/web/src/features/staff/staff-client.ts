import type { BugReport, EmployeeBetaSettings } from '@messenger/core';
import type { Api } from '../../http/api';

export type BugReportKind = 'employee' | 'external';

/** The one report path the server accepts from this person, or none. */
export async function fetchBugReportKind(api: Api): Promise<BugReportKind | null> {
  const body = await api.json<{ report: BugReportKind | null }>('/ajax/bugs/reporting');
  return body.report;
}

export function postBugReport(api: Api, kind: BugReportKind, report: BugReport): Promise<unknown> {
  const path = kind === 'employee' ? '/ajax/bugs/employee_report' : '/ajax/bugs/report';
  return api.json(path, { method: 'POST', body: report });
}

/** Staff only: whether the employee beta is on. */
export async function fetchEmployeeBeta(api: Api): Promise<boolean> {
  return (await api.json<{ enabled: boolean }>('/settings/employee_beta/')).enabled;
}

export function postEmployeeBeta(
  api: Api,
  settings: EmployeeBetaSettings,
): Promise<{ enabled: boolean; redirect_to: string | null }> {
  return api.json('/settings/employee_beta/', { method: 'POST', body: settings });
}
