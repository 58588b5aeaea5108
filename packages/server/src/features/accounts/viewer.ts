import type { FastifyRequest } from 'fastify';
import { unauthenticated } from '../../errors';
import type { AccountKind, Viewer } from '../../viewer';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the session hook on every request: null when nobody is logged in. */
    viewer: Viewer | null;
  }
}

export type { Viewer } from '../../viewer';

/** The columns of people (joined with companies) a viewer is built from. */
export interface ViewerRow {
  id: string;
  name: string;
  short_name: string;
  username: string;
  account: AccountKind;
  company_id: string | null;
  company_prefix: string | null;
  employee: number;
  gates: string;
}

export function viewerFromRow(row: ViewerRow): Viewer {
  return {
    id: row.id,
    name: row.name,
    short_name: row.short_name,
    username: row.username,
    account: row.account,
    companyId: row.company_id,
    companyPrefix: row.company_prefix,
    isEmployee: row.employee === 1,
    isWork: row.account === 'work' && row.company_id !== null,
    gates: new Set(parseGates(row.gates)),
  };
}

function parseGates(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((g): g is string => typeof g === 'string') : [];
  } catch {
    // A corrupt gates column must not lock the person out: no gates is the safe reading.
    return [];
  }
}

export interface ViewerJson {
  id: string;
  name: string;
  short_name: string;
  username: string;
  account: AccountKind;
  company_id: string | null;
  company_prefix: string | null;
  is_employee: boolean;
  is_work: boolean;
  gates: string[];
}

/** What the web client receives about itself (login and /auth/session). */
export function viewerToJson(viewer: Viewer): ViewerJson {
  return {
    id: viewer.id,
    name: viewer.name,
    short_name: viewer.short_name,
    username: viewer.username,
    account: viewer.account,
    company_id: viewer.companyId,
    company_prefix: viewer.companyPrefix,
    is_employee: viewer.isEmployee,
    is_work: viewer.isWork,
    gates: [...viewer.gates].sort(),
  };
}

/** The viewer of the request, or a 401 `unauthenticated`. */
export function requireViewer(request: FastifyRequest): Viewer {
  if (request.viewer === null) throw unauthenticated();
  return request.viewer;
}
