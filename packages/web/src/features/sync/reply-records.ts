import type { AttachmentRef, WireMessage } from '@messenger/core';
import {
  ConnectionHandler,
  generateClientID,
  type RecordProxy,
  type RecordSourceProxy,
} from 'relay-runtime';

/*
 * A message's reply quote and mentions in the Relay store, written from a
 * delta as a history page would normalize them (the same client ids), and a
 * quote turned unavailable when its original is unsent or removed.
 */

function imageRecord(store: RecordSourceProxy, ref: AttachmentRef): RecordProxy {
  const image = store.get(ref.id) ?? store.create(ref.id, 'MessageAttachment');
  image.setValue(ref.id, 'id');
  image.setValue(ref.key, 'key');
  image.setValue(ref.iv, 'iv');
  image.setValue(ref.mime, 'mime');
  image.setValue(ref.width, 'width');
  image.setValue(ref.height, 'height');
  return image;
}

export function setReplyAndMentions(
  store: RecordSourceProxy,
  record: RecordProxy,
  message: WireMessage,
): void {
  const quote = message.reply_to;
  if (quote === undefined) {
    record.setValue(null, 'reply_to');
  } else {
    const id = generateClientID(message.id, 'reply_to');
    const q = store.get(id) ?? store.create(id, 'ReplyQuote');
    q.setValue(quote.message_id, 'message_id');
    q.setValue(quote.sender_id, 'sender_id');
    q.setValue(quote.text, 'text');
    q.setValue(quote.available, 'available');
    if (quote.image === undefined) q.setValue(null, 'image');
    else q.setLinkedRecord(imageRecord(store, quote.image), 'image');
    record.setLinkedRecord(q, 'reply_to');
  }
  const mentions = (message.mentions ?? []).map((mention, index) => {
    const id = generateClientID(message.id, 'mentions', index);
    const m = store.get(id) ?? store.create(id, 'Mention');
    m.setValue(mention.offset, 'offset');
    m.setValue(mention.length, 'length');
    m.setValue(mention.id, 'person_id');
    return m;
  });
  record.setLinkedRecords(mentions, 'mentions');
}

/**
 * Replies in the loaded history of `threadId` that quote `originalId` say it
 * is unavailable (it was unsent, or removed for the viewer).
 */
export function quoteUnavailable(
  store: RecordSourceProxy,
  connectionKey: string,
  threadId: string,
  originalId: string,
): void {
  const history = ConnectionHandler.getConnection(store.getRoot(), connectionKey, {
    thread_id: threadId,
  });
  if (!history) return;
  // (@types/relay-runtime says never null; an unset field reads as undefined.)
  const edges = history.getLinkedRecords('edges') as (RecordProxy | null)[] | null | undefined;
  for (const edge of edges ?? []) {
    const node = edge?.getLinkedRecord('node') as RecordProxy | null | undefined;
    const quote = node?.getLinkedRecord('reply_to') as RecordProxy | null | undefined;
    if (quote == null || quote.getValue('message_id') !== originalId) continue;
    quote.setValue(false, 'available');
    quote.setValue('', 'text');
    quote.setValue(null, 'image');
  }
}
