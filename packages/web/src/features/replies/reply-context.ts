import { createContext, useContext } from 'react';
import type { ReplyTarget } from '../drafts/drafts';

/**
 * What a message row needs of its conversation for replies, without knowing
 * its thread: starting a reply to it (the composer's draft takes it) and
 * going to a quoted original (the history loads older pages to find it).
 */
export interface ReplyActions {
  startReply: (target: ReplyTarget) => void;
  jumpTo: (messageId: string) => void;
}

export const ReplyContext = createContext<ReplyActions | null>(null);

export function useReplyActions(): ReplyActions | null {
  return useContext(ReplyContext);
}
