import { attachmentRefsSchema, mentionsSchema } from '@messenger/core';
import type { OutboxItem } from './outbox-reducer';

/**
 * The outbox kept in the tab's sessionStorage, one key per signed-in person.
 *
 * sessionStorage rather than localStorage: it survives a reload (and a crash
 * restore) of this tab, which is what losing typed messages would take, but
 * it is not shared with other tabs, so two tabs never send (or show as
 * pending) the same queue, and it is gone when the tab is closed, so unsent
 * text does not stay on the disk of a shared computer after the person left.
 */
export interface OutboxStorage {
  load: () => OutboxItem[];
  save: (items: readonly OutboxItem[]) => void;
}

const KEY_PREFIX = 'messenger.outbox.v1:';

export function outboxStorageKey(viewerId: string): string {
  return KEY_PREFIX + viewerId;
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

/** One stored item, or null for anything else (an older format, an edited value). */
function parseItem(value: unknown): OutboxItem | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!isString(v.id) || !isString(v.threadId) || !isString(v.text)) return null;
  const refs = attachmentRefsSchema.safeParse(v.attachments);
  const mentions = mentionsSchema.safeParse(v.mentions);
  const base = {
    id: v.id,
    threadId: v.threadId,
    text: v.text,
    ...(isString(v.entryPoint) ? { entryPoint: v.entryPoint } : {}),
    ...(isString(v.asPageId) ? { asPageId: v.asPageId } : {}),
    ...(refs.success && refs.data.length > 0 ? { attachments: refs.data } : {}),
    ...(isString(v.replyTo) ? { replyTo: v.replyTo } : {}),
    ...(mentions.success && mentions.data.length > 0 ? { mentions: mentions.data } : {}),
  };
  if (v.status === 'failed') {
    return {
      ...base,
      status: 'failed',
      code: isString(v.code) ? v.code : '',
      message: isString(v.message) ? v.message : '',
    };
  }
  // Queued or in flight when saved: both are sent (again, with the same id).
  return { ...base, status: 'queued' };
}

export function parseStoredOutbox(raw: string | null): OutboxItem[] {
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.map(parseItem).filter((item): item is OutboxItem => item !== null);
  } catch {
    return [];
  }
}

export function browserOutboxStorage(viewerId: string): OutboxStorage | null {
  let storage: Storage;
  try {
    storage = window.sessionStorage;
  } catch {
    // Storage disabled (privacy settings): the outbox still works, for this page's life.
    return null;
  }
  const key = outboxStorageKey(viewerId);
  return {
    load: () => {
      try {
        return parseStoredOutbox(storage.getItem(key));
      } catch {
        return [];
      }
    },
    save: (items) => {
      try {
        if (items.length === 0) storage.removeItem(key);
        else storage.setItem(key, JSON.stringify(items));
      } catch {
        // Quota exceeded: the queue still lives in memory.
      }
    },
  };
}
