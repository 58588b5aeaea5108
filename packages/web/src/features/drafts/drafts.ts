import { mentionsSchema, type Mention } from '@messenger/core';
import { useCallback, useSyncExternalStore } from 'react';
import type { ImageRef } from '../attachments/EncryptedImage';
import {
  KEY_PREFIX,
  draftListeners as listeners,
  draftMemory,
  draftStorage as storage,
} from './draft-memory';

/**
 * The composer's draft of each conversation (issue 33, item 9): its text, its
 * mentions and the message it answers, kept when the person switches to
 * another conversation and comes back. Held in memory by thread id, and in
 * sessionStorage (the tab's session) so a reload keeps it too; images stay
 * with the composer that uploaded them.
 */

export interface ReplyTarget {
  messageId: string;
  /** The original's sender as the thread names them. */
  sender: string;
  /** The start of its text (the bar cuts it visually). */
  text: string;
  /** Its first image, for a thumbnail when it is a photo. */
  image: ImageRef | null;
}

export interface Draft {
  text: string;
  mentions: readonly Mention[];
  reply: ReplyTarget | null;
}

export const EMPTY_DRAFT: Draft = { text: '', mentions: [], reply: null };

function parseStored(raw: string | null): Draft | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<Draft> | null;
    if (value === null || typeof value.text !== 'string') return null;
    const mentions = mentionsSchema.safeParse(value.mentions);
    const reply = value.reply;
    const replyOk =
      reply != null && typeof reply.messageId === 'string' && typeof reply.sender === 'string';
    return {
      text: value.text,
      mentions: mentions.success ? mentions.data : [],
      reply: replyOk ? { ...reply, text: reply.text, image: reply.image ?? null } : null,
    };
  } catch {
    return null;
  }
}

export function draftOf(threadId: string): Draft {
  const drafts = draftMemory as Map<string, Draft>;
  let draft = drafts.get(threadId);
  if (draft === undefined) {
    draft = parseStored(storage()?.getItem(KEY_PREFIX + threadId) ?? null) ?? EMPTY_DRAFT;
    drafts.set(threadId, draft);
  }
  return draft;
}

export function setDraft(threadId: string, next: Draft): void {
  draftMemory.set(threadId, next);
  const empty = next.text === '' && next.reply === null;
  try {
    if (empty) storage()?.removeItem(KEY_PREFIX + threadId);
    else storage()?.setItem(KEY_PREFIX + threadId, JSON.stringify(next));
  } catch {
    // A full or refused storage keeps the draft in memory only.
  }
  for (const listener of listeners) listener();
}

export function updateDraft(threadId: string, change: (draft: Draft) => Draft): void {
  setDraft(threadId, change(draftOf(threadId)));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The draft of one conversation and a setter; every composer and reply button shares it. */
export function useDraft(threadId: string): [Draft, (change: (draft: Draft) => Draft) => void] {
  const draft = useSyncExternalStore(
    subscribe,
    () => draftOf(threadId),
    () => EMPTY_DRAFT,
  );
  const update = useCallback(
    (change: (draft: Draft) => Draft) => {
      updateDraft(threadId, change);
    },
    [threadId],
  );
  return [draft, update];
}

export { clearDrafts } from './draft-memory';
