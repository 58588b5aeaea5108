import type { GroupPurposeParams } from '@messenger/core';
import { errorFromResponse, type Api } from '../../http/api';

export const SAVE_PURPOSE_PATH = '/work/group_creation/dialog/save_purpose/';

/** The body as sent: the server applies the defaults and checks every field. */
export type GroupPurposeBody = Omit<GroupPurposeParams, 'coworkers_to_invite' | 'back_disallowed'> &
  Partial<Pick<GroupPurposeParams, 'coworkers_to_invite' | 'back_disallowed'>>;

export type SavePurposeResult =
  | { ok: true; id: string }
  /** A 400 names the field at fault (`purpose`, `ref`, `coworkers_to_invite[0]`, ...). */
  | { ok: false; field: string | null; message: string };

/**
 * POST /work/group_creation/dialog/save_purpose/. A refusal is an answer, not
 * an exception, so the dialog can show it by the field it names; no answer at
 * all (offline) throws.
 */
export async function savePurpose(api: Api, body: GroupPurposeBody): Promise<SavePurposeResult> {
  const response = await api.fetch(SAVE_PURPOSE_PATH, { method: 'POST', body });
  if (response.ok) {
    const saved = (await response.json()) as { id: string };
    return { ok: true, id: saved.id };
  }
  const copy = response.clone();
  let field: string | null = null;
  try {
    const parsed = (await copy.json()) as { error?: { field?: unknown } };
    if (typeof parsed.error?.field === 'string') field = parsed.error.field;
  } catch {
    // Not JSON: no field to name.
  }
  const error = await errorFromResponse(response);
  return { ok: false, field, message: error.message };
}
