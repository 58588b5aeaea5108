import type { Db } from '../../storage/db';

export const STAFF_LOG_KINDS = [
  'promotion_logs',
  'group_purposes',
  'bug_reports',
  'funnel_logs',
  'nux_states',
] as const;
export type StaffLogKind = (typeof STAFF_LOG_KINDS)[number];

/** Columns holding JSON text, decoded for the reader. */
const JSON_COLUMNS: Readonly<Record<StaffLogKind, readonly string[]>> = {
  promotion_logs: ['qp_instance_log_data'],
  group_purposes: ['coworkers_to_invite'],
  bug_reports: [],
  funnel_logs: ['tags', 'actions'],
  nux_states: [],
};

/** 0/1 integer columns, shown as booleans. */
const BOOLEAN_COLUMNS: Readonly<Record<StaffLogKind, readonly string[]>> = {
  promotion_logs: [],
  group_purposes: ['back_disallowed'],
  bug_reports: [],
  funnel_logs: [],
  nux_states: [],
};

export interface StaffLogPage {
  items: Record<string, unknown>[];
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  next_cursor: string | null;
}

function decodeRow(kind: StaffLogKind, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...row, id: String(row.id) };
  for (const column of JSON_COLUMNS[kind]) {
    const text = row[column];
    out[column] = typeof text === 'string' ? (JSON.parse(text) as unknown) : text;
  }
  for (const column of BOOLEAN_COLUMNS[kind]) out[column] = row[column] === 1;
  return out;
}

/** Newest first; `before` is the id of the last row of the previous page. */
export async function readStaffLog(
  db: Db,
  kind: StaffLogKind,
  before: number | null,
  limit: number,
): Promise<StaffLogPage> {
  const rows = await db.read((k) => {
    let query = k.selectFrom(kind).selectAll();
    if (before !== null) query = query.where('id', '<', before);
    return query
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
  });
  const page = rows.slice(0, limit) as Record<string, unknown>[];
  const last = page.at(-1);
  return {
    items: page.map((row) => decodeRow(kind, row)),
    next_cursor: rows.length > limit && last !== undefined ? String(last.id) : null,
  };
}
