import {
  parsePermalink,
  threadPermalink,
  truncateWithEllipsis,
  type Delta,
  type WireMessage,
} from '@messenger/core';

/** What one toast shows. */
export interface BeepPayload {
  threadId: string;
  senderId: string;
  /** Null until known (looked up after the delta); the toast then says 'Someone'. */
  senderName: string | null;
  snippet: string;
  /** The thread's permalink. */
  href: string;
}

/** Characters of a message a toast shows before the ellipsis (our choice). */
export const SNIPPET_MAX = 80;

/** The text on one line, shortened by core's rule (the ellipsis included in `max`). */
export function snippetOf(text: string, max: number = SNIPPET_MAX): string {
  return truncateWithEllipsis(text.replace(/\s+/g, ' ').trim(), max);
}

/** What the beeper needs to know of the page when a delta arrives. */
export interface BeepContext {
  viewerId: string;
  /** Who the viewer acts as in the message's thread (a page they administer), when known. */
  viewerParticipantId: string | null;
  /** The thread's folder in the store, when the store holds the thread. */
  folder: string | null;
  /** The viewer muted the thread (core isMuted): no toast and no sound. */
  muted?: boolean;
  /** The current location's path. */
  path: string;
  /** The tab is visible and has the focus. */
  focused: boolean;
  prefix: string;
}

/** Whether `message` belongs to the conversation the path shows. */
export function isOpenThread(path: string, prefix: string, message: WireMessage): boolean {
  const permalink = parsePermalink(path, prefix);
  if (permalink?.kind === 'thread') return permalink.threadId === message.thread_id;
  // A person's permalink shows the one-to-one thread with them.
  if (permalink?.kind === 'user') return permalink.userId === message.sender_id;
  return false;
}

/**
 * A live `message_new` from someone else becomes a beep, unless the person is
 * looking at that conversation already (open and focused), the message is a
 * system one (a call summary) or empty, or the thread is a message request or
 * filtered (no sound and no toast for those, as their lists show no badge),
 * or muted by the viewer.
 */
export function beepFromDelta(
  delta: Delta,
  live: boolean,
  ctx: BeepContext,
): { id: string; payload: BeepPayload } | null {
  if (!live || delta.kind !== 'message_new') return null;
  const message = delta.message;
  if (message.sender_id === ctx.viewerId || message.sender_id === ctx.viewerParticipantId) {
    return null;
  }
  if (message.kind !== 'text' || message.text.trim() === '') return null;
  if (ctx.folder !== null && ctx.folder !== 'INBOX') return null;
  if (ctx.muted === true) return null;
  if (ctx.focused && isOpenThread(ctx.path, ctx.prefix, message)) return null;
  return {
    id: message.id,
    payload: {
      threadId: message.thread_id,
      senderId: message.sender_id,
      senderName: null,
      snippet: snippetOf(message.text),
      href: threadPermalink({ prefix: ctx.prefix, threadId: message.thread_id }),
    },
  };
}
