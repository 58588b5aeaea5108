import type { WireMessage } from '@messenger/core';
import {
  ROOT_ID,
  createOperationDescriptor,
  createReaderSelector,
  type Environment,
} from 'relay-runtime';
import { describe, expect, it } from 'vitest';
import type { Api } from '../../http/api';
import { createRelayEnvironment } from '../../relay/environment';
import HistoryQuery from '../conversation/__generated__/ConversationHistoryPaginationQuery.graphql';
import HistoryFragment, {
  type ConversationHistory_query$data,
} from '../conversation/__generated__/ConversationHistory_query.graphql';
import { messengerDeltaReducers } from '../../app/relay-services';

const { applyDelta } = messengerDeltaReducers();

const THREAD = '31';
const VIEWER = '11';

const node = (seq: number) => ({
  __typename: 'Message',
  id: `mid.${THREAD}.${String(seq)}`,
  text: `text ${String(seq)}`,
  sender_id: '12',
  seq_in_thread: seq,
  timestamp: 1000 + seq,
  kind: 'text',
  offline_threading_id: null,
  attachments: [],
});

function history(): { environment: Environment; read: () => ConversationHistory_query$data } {
  const api = { fetch: () => Promise.reject(new Error('no network in this test')) };
  const environment = createRelayEnvironment(api as unknown as Api, () => undefined);
  const operation = createOperationDescriptor(HistoryQuery, { threadId: THREAD, count: 50 });
  environment.commitPayload(operation, {
    thread_messages: {
      edges: [{ cursor: 'c1', node: node(1) }],
      pageInfo: { hasPreviousPage: false, startCursor: 'c1' },
    },
  });
  environment.retain(operation);
  // The history fragment reads from the root record, with the query's variables.
  const selector = createReaderSelector(
    HistoryFragment,
    ROOT_ID,
    operation.request.variables,
    operation.request,
  );
  const read = () => environment.lookup(selector).data as ConversationHistory_query$data;
  return { environment, read };
}

const image = {
  id: '998877',
  key: 'AAAAAAAAAAAAAAAAAAAAAA==',
  iv: 'AAAAAAAAAAAAAAAA',
  mime: 'image/png' as const,
  width: 40,
  height: 30,
};

describe('images in the history store', () => {
  it('shows a live message with its images, and takes a deleted message out', () => {
    const { environment, read } = history();
    const message: WireMessage = {
      id: `mid.${THREAD}.2`,
      thread_id: THREAD,
      sender_id: '12',
      text: '',
      created_at: 2000,
      seq_in_thread: 2,
      offline_threading_id: null,
      entry_point: null,
      tags: [],
      kind: 'text',
      attachments: [image],
    };
    environment.commitUpdate((store) => {
      applyDelta(store, { kind: 'message_new', message }, { viewerId: VIEWER });
    });
    const nodes = () => read().thread_messages.edges.map((edge) => edge.node);
    expect(nodes().map((n) => n.id)).toEqual([`mid.${THREAD}.1`, `mid.${THREAD}.2`]);
    expect(nodes()[1]?.attachments).toEqual([image]);

    environment.commitUpdate((store) => {
      applyDelta(
        store,
        { kind: 'message_deleted', thread_id: THREAD, message_id: `mid.${THREAD}.2` },
        { viewerId: VIEWER },
      );
    });
    expect(nodes().map((n) => n.id)).toEqual([`mid.${THREAD}.1`]);
  });
});
