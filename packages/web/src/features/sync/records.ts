import { UNSENT_MESSAGE_KIND, type WireMessage, type WireReaction } from '@messenger/core';
import type { RecordProxy, RecordSourceProxy, Variables } from 'relay-runtime';
import { setReplyAndMentions } from './reply-records';

/**
 * Helpers shared by the features' sync reducers: where the records they
 * update live in the Relay store (relay/environment.ts `dataIdOf`).
 */

/*
 * @types/relay-runtime types an untyped record's reads as never-null (and
 * getValue as an error type); these say what the store really returns.
 */
export function linked(record: RecordProxy, name: string, args?: Variables): RecordProxy | null {
  return (record.getLinkedRecord(name, args) as RecordProxy | null | undefined) ?? null;
}

export function linkedList(record: RecordProxy, name: string): (RecordProxy | null)[] {
  const list = record.getLinkedRecords(name) as
    (RecordProxy | null | undefined)[] | null | undefined;
  return (list ?? []).map((item) => item ?? null);
}

export function valueOf(record: RecordProxy, name: string): unknown {
  return record.getValue(name) as unknown;
}

/** What every reducer needs besides the store. */
export interface DeltaContext {
  /** The signed-in person. */
  viewerId: string;
}

/** A thread record (one-to-one or group); ids are unique across types. */
export function threadRecord(store: RecordSourceProxy, threadId: string): RecordProxy | null {
  return store.get(threadId) ?? null;
}

/** The viewer's own record (`Viewer` type). */
export function viewerRecord(store: RecordSourceProxy, viewerId: string): RecordProxy | null {
  return store.get(`viewer:${viewerId}`) ?? null;
}

/** The `thread_state(thread_id)` read of the conversation, when it was loaded. */
export function threadStateRecord(store: RecordSourceProxy, threadId: string): RecordProxy | null {
  return linked(store.getRoot(), 'thread_state', { thread_id: threadId });
}

/** Creates or refreshes the record of a message with every field the fragments read. */
export function upsertMessage(store: RecordSourceProxy, message: WireMessage): RecordProxy {
  const record = store.get(message.id) ?? store.create(message.id, 'Message');
  record.setValue(message.id, 'id');
  record.setValue(message.id, 'message_id');
  record.setValue(message.thread_id, 'thread_id');
  record.setValue(message.sender_id, 'sender_id');
  record.setValue(message.text, 'text');
  record.setValue(message.created_at, 'timestamp');
  record.setValue(message.seq_in_thread, 'seq_in_thread');
  record.setValue(message.offline_threading_id, 'offline_threading_id');
  record.setValue(message.kind, 'kind');
  // Normalized as Relay would (by id), so a later history page finds the same records.
  const images = (message.attachments ?? []).map((ref) => {
    const image = store.get(ref.id) ?? store.create(ref.id, 'MessageAttachment');
    image.setValue(ref.id, 'id');
    image.setValue(ref.key, 'key');
    image.setValue(ref.iv, 'iv');
    image.setValue(ref.mime, 'mime');
    image.setValue(ref.width, 'width');
    image.setValue(ref.height, 'height');
    return image;
  });
  record.setLinkedRecords(images, 'attachments');
  setReplyAndMentions(store, record, message);
  // A new message has none yet; one the store holds keeps what its deltas set.
  // (@types/relay-runtime says never null; an unset field reads as undefined.)
  const held = record.getLinkedRecords('reactions') as RecordProxy[] | null | undefined;
  if (held == null) record.setLinkedRecords([], 'reactions');
  if (record.getValue('edited_at') === undefined) record.setValue(null, 'edited_at');
  if (record.getValue('removed_for_you') === undefined) record.setValue(false, 'removed_for_you');
  return record;
}

/** A message's reactions as a delta gives them (all of them: applying twice changes nothing). */
export function setReactions(
  store: RecordSourceProxy,
  messageId: string,
  reactions: readonly WireReaction[],
): void {
  const message = store.get(messageId);
  if (!message) return;
  const records = reactions.map((reaction) => {
    const id = `client:reaction:${messageId}:${reaction.user_id}`;
    const record = store.get(id) ?? store.create(id, 'MessageReaction');
    record.setValue(reaction.user_id, 'user_id');
    record.setValue(reaction.emoji, 'emoji');
    return record;
  });
  message.setLinkedRecords(records, 'reactions');
}

/** Raises a numeric field to `value` (never lowers it): applying twice changes nothing. */
export function raise(record: RecordProxy, field: string, value: number): void {
  const current = valueOf(record, field);
  if (typeof current !== 'number' || current < value) record.setValue(value, field);
}

/** A message's new text from its sender (message_edited): applying twice changes nothing. */
export function editMessageRecord(
  store: RecordSourceProxy,
  messageId: string,
  text: string,
  editedAt: number,
): void {
  const message = store.get(messageId);
  if (!message) return;
  message.setValue(text, 'text');
  message.setValue(editedAt, 'edited_at');
}

/** A message its sender unsent: its tombstone keeps the place, without text, images or reactions. */
export function unsendMessageRecord(store: RecordSourceProxy, messageId: string): void {
  const message = store.get(messageId);
  if (!message) return;
  message.setValue('', 'text');
  message.setValue(UNSENT_MESSAGE_KIND, 'kind');
  message.setValue(null, 'edited_at');
  message.setLinkedRecords([], 'attachments');
  message.setLinkedRecords([], 'reactions');
}

/** A message the viewer removed for themselves (message_hidden): their history leaves it out. */
export function hideMessageRecord(store: RecordSourceProxy, messageId: string): void {
  store.get(messageId)?.setValue(true, 'removed_for_you');
}
