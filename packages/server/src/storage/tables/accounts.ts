import type { Generated } from 'kysely';

/**
 * Tables of sessions and of what the seed's REST endpoints log (owned by the
 * accounts feature, written by the bug-reports, promotions, staff and
 * group-purpose features). Same conventions as the network tables: person ids
 * are digit strings, times are milliseconds since the epoch, booleans are 0/1
 * integers, lists and maps are JSON text. Log rows carry an
 * integer `id` that only grows, so staff paging runs newest first on it.
 *
 * No foreign keys to `people`: a re-import may replace people rows, and a log
 * is a record of what was said, kept even when its author leaves the network.
 */
export interface SessionTable {
  /** SHA-256 (hex) of the cookie's secret: a database leak yields no usable cookie. */
  id_hash: string;
  person_id: string;
  csrf_token: string;
  created_at: number;
  /** Sliding: pushed forward when the session is used (see session-repo). */
  expires_at: number;
  last_seen_at: number;
}

export interface PromotionLogTable {
  id: Generated<number>;
  person_id: string;
  qp_id: number;
  qp_action: string;
  /** JSON object of string values. */
  qp_instance_log_data: string;
  qp_event: string | null;
  created_at: number;
}

export interface GroupPurposeTable {
  id: Generated<number>;
  person_id: string;
  purpose: string;
  ref: string;
  name: string | null;
  community: string | null;
  /** JSON array of person ids (digit strings). */
  coworkers_to_invite: string;
  back_disallowed: number;
  created_at: number;
}

export type BugReportKind = 'employee' | 'external';

export interface BugReportTable {
  id: Generated<number>;
  person_id: string;
  kind: BugReportKind;
  description: string;
  category: string | null;
  url: string | null;
  created_at: number;
}

export interface NuxStateTable {
  id: Generated<number>;
  person_id: string;
  nux_id: string;
  viewed_at: number | null;
  dismissed_at: number | null;
}

/** One row per person and setting; `value` is JSON. */
export interface PersonSettingTable {
  person_id: string;
  key: string;
  value: string;
  updated_at: number;
}

export interface FunnelLogTable {
  id: Generated<number>;
  person_id: string;
  batch_id: string;
  /** The seed's logging channel: always 'funnel_analytics' for now. */
  channel: string;
  name: string;
  instance_id: string;
  start_time: number;
  sampling_rate: number;
  timeout_sec: number;
  end_reason: string;
  /** JSON array of strings. */
  tags: string;
  /** JSON array of {name, relative_time, tag, payload}. */
  actions: string;
  created_at: number;
}

/** Batches already stored: a retried batch_id stores nothing new. */
export interface FunnelBatchTable {
  person_id: string;
  batch_id: string;
  record_count: number;
  created_at: number;
}

export interface AccountTables {
  sessions: SessionTable;
  promotion_logs: PromotionLogTable;
  group_purposes: GroupPurposeTable;
  bug_reports: BugReportTable;
  nux_states: NuxStateTable;
  person_settings: PersonSettingTable;
  funnel_logs: FunnelLogTable;
  funnel_batches: FunnelBatchTable;
}
