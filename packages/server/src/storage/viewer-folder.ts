import { ARCHIVED_FOLDER, stillArchived } from '@messenger/core';
import type { Settings } from './tables/conversation-settings';

/**
 * The folder a viewer sees a thread in: their participant folder, or
 * ARCHIVED while an archive holds (core stillArchived: a one-to-one comes
 * back with a newer message). A message request stays a request.
 */
export function viewerFolder(
  folder: string,
  kind: 'one_to_one' | 'group',
  lastMessageSeq: number,
  settings: Pick<Settings, 'archived_seq'>,
): string {
  if (folder === 'PENDING') return folder;
  return stillArchived({ kind, archivedSeq: settings.archived_seq, lastMessageSeq })
    ? ARCHIVED_FOLDER
    : folder;
}

/** Whether the viewer deleted the conversation and nothing came since. */
export function deletedForViewer(lastMessageSeq: number, settings: Pick<Settings, 'cleared_seq'>) {
  return settings.cleared_seq > 0 && lastMessageSeq <= settings.cleared_seq;
}
