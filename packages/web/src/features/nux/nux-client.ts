import type { Api } from '../../http/api';

export interface NuxState {
  viewed: string[];
  dismissed: string[];
}

/** What the server remembers of this person's prompts (dismissals survive reloads and devices). */
export function fetchNuxState(api: Api): Promise<NuxState> {
  return api.json<NuxState>('/ajax/nux/basic/state/');
}

export async function postNuxEvent(
  api: Api,
  event: 'view' | 'dismiss',
  nuxId: string,
): Promise<void> {
  await api.json(`/ajax/nux/basic/${event}/`, { method: 'POST', body: { nux_id: nuxId } });
}
