import type { WireMessage } from '@messenger/core';
import { createOperationDescriptor, getSelector, type Environment } from 'relay-runtime';
import { describe, expect, it } from 'vitest';
import { createRelayEnvironment } from '../../relay/environment';
import type { Api } from '../../http/api';
import ThreadListQuery from '../thread-list/__generated__/ThreadListBodyQuery.graphql';
import ThreadListFragment, {
  type ThreadListBody_query$data,
} from '../thread-list/__generated__/ThreadListBody_query.graphql';
// The app's registered reducers: this suite checks sync's application of them together.
import { messengerDeltaReducers } from '../../app/relay-services';

const { applyDelta, applyMessageNew } = messengerDeltaReducers();

const VIEWER = '11';
const OTHER = '12';
const THREAD = '31';

function environmentWithList(): {
  environment: Environment;
  read: () => ThreadListBody_query$data;
} {
  const api = { fetch: () => Promise.reject(new Error('no network in this test')) };
  const environment = createRelayEnvironment(api as unknown as Api, () => undefined);
  const operation = createOperationDescriptor(ThreadListQuery, { folder: 'INBOX' });
  environment.commitPayload(operation, {
    viewer: {
      id: VIEWER,
      sync_seq: 7,
      message_threads: {
        edges: [
          {
            cursor: 'c1',
            node: {
              __typename: 'MessengerViewerOneToOneThread',
              id: THREAD,
              thread_id: THREAD,
              folder: 'INBOX',
              unread_count: 0,
              muted_until: null,
              is_group_thread: false,
              mentions_unread: 0,
              last_activity_time: 1000,
              group_name: null,
              custom_nickname: {},
              participants_to_render: [
                {
                  __typename: 'User',
                  __isMessagingUser: 'User',
                  id: VIEWER,
                  name: 'Viewer Person',
                  short_name: 'Viewer',
                },
                {
                  __typename: 'User',
                  __isMessagingUser: 'User',
                  id: OTHER,
                  name: 'Other Person',
                  short_name: 'Other',
                },
              ],
              messages: {
                edges: [
                  { node: { id: 'mid.31.4', text: 'old', sender_id: OTHER, seq_in_thread: 4 } },
                ],
              },
            },
          },
        ],
        pageInfo: { hasNextPage: false, endCursor: 'c1' },
      },
    },
  });
  // The list is the thread list's pagination fragment, read through its own selector.
  const read = () => {
    const root = environment.lookup(operation.fragment).data;
    const selector = getSelector(ThreadListFragment, root);
    if (selector.kind !== 'SingularReaderSelector') throw new Error('no thread list fragment');
    return environment.lookup(selector).data as unknown as ThreadListBody_query$data;
  };
  return { environment, read };
}

function message(seq: number, sender: string, text: string): WireMessage {
  return {
    id: `mid.${THREAD}.${seq}`,
    thread_id: THREAD,
    sender_id: sender,
    text,
    created_at: 2000 + seq,
    seq_in_thread: seq,
    offline_threading_id: null,
    entry_point: null,
    tags: [],
    kind: 'text',
  };
}

describe('applying sync deltas to the Relay store', () => {
  it("counts someone else's new message once, moves the thread's activity and preview", () => {
    const { environment, read } = environmentWithList();
    const delta = { kind: 'message_new', message: message(5, OTHER, 'new one') } as const;
    environment.commitUpdate((store) => {
      expect(applyDelta(store, delta, { viewerId: VIEWER }).refetch).toBe(false);
    });
    // A replay of the same delta changes nothing.
    environment.commitUpdate((store) => {
      applyDelta(store, delta, { viewerId: VIEWER });
    });
    const thread = read().viewer.message_threads.edges[0]?.node;
    expect(thread?.unread_count).toBe(1);
    expect(thread?.last_activity_time).toBe(2005);
    expect(thread?.messages.edges[0]?.node.text).toBe('new one');
  });

  it('counts a message that mentions the viewer as an unread mention, once; another mention is not theirs', () => {
    const { environment, read } = environmentWithList();
    const mentioning = {
      ...message(5, OTHER, 'hi Viewer'),
      mentions: [{ offset: 3, length: 6, id: VIEWER }],
    };
    const delta = { kind: 'message_new', message: mentioning } as const;
    environment.commitUpdate((store) => {
      applyDelta(store, delta, { viewerId: VIEWER });
      applyDelta(store, delta, { viewerId: VIEWER });
    });
    expect(read().viewer.message_threads.edges[0]?.node.mentions_unread).toBe(1);
    const other = {
      ...message(6, OTHER, 'hi Other'),
      mentions: [{ offset: 3, length: 5, id: OTHER }],
    };
    environment.commitUpdate((store) => {
      applyDelta(store, { kind: 'message_new', message: other }, { viewerId: VIEWER });
    });
    const thread = read().viewer.message_threads.edges[0]?.node;
    expect(thread?.mentions_unread).toBe(1);
    expect(thread?.unread_count).toBe(2);
  });

  it("does not count the viewer's own message as unread", () => {
    const { environment, read } = environmentWithList();
    environment.commitUpdate((store) => {
      applyMessageNew(store, message(5, VIEWER, 'mine'), { viewerId: VIEWER });
    });
    const thread = read().viewer.message_threads.edges[0]?.node;
    expect(thread?.unread_count).toBe(0);
    expect(thread?.messages.edges[0]?.node.text).toBe('mine');
  });

  it('takes the unread count from thread_updated, and asks for a refetch for an unknown thread', () => {
    const { environment, read } = environmentWithList();
    const wire = {
      thread_id: THREAD,
      kind: 'one_to_one' as const,
      name: null,
      image_src: null,
      // The thread's own two people: an unchanged list asks for no refetch.
      participants: [VIEWER, OTHER].map((id) => ({
        id,
        kind: 'person' as const,
        last_read_seq: 0,
        last_delivered_seq: 0,
      })),
      custom_nickname: {},
      viewer_participant_id: VIEWER,
      folder: 'INBOX',
      unread_count: 3,
      last_activity_at: 5000,
      last_message_seq: 9,
    };
    environment.commitUpdate((store) => {
      expect(
        applyDelta(store, { kind: 'thread_updated', thread: wire }, { viewerId: VIEWER }),
      ).toEqual({
        refetch: false,
      });
      expect(
        applyDelta(
          store,
          { kind: 'thread_updated', thread: { ...wire, thread_id: '99' } },
          { viewerId: VIEWER },
        ),
      ).toEqual({ refetch: true });
    });
    expect(read().viewer.message_threads.edges[0]?.node.unread_count).toBe(3);
  });

  it('removes a thread that left the viewer’s lists', () => {
    const { environment, read } = environmentWithList();
    environment.commitUpdate((store) => {
      applyDelta(
        store,
        { kind: 'thread_removed', thread_id: THREAD, reason: 'left' },
        { viewerId: VIEWER },
      );
    });
    expect(read().viewer.message_threads.edges).toHaveLength(0);
  });

  it('takes a mute from thread_updated, and an archive out of the inbox list at once', () => {
    const { environment, read } = environmentWithList();
    const wire = {
      thread_id: THREAD,
      kind: 'one_to_one' as const,
      name: null,
      image_src: null,
      participants: [],
      custom_nickname: {},
      viewer_participant_id: VIEWER,
      folder: 'INBOX',
      unread_count: 0,
      last_activity_at: 1000,
      last_message_seq: 4,
      muted_until: 9_000_000,
    };
    environment.commitUpdate((store) => {
      applyDelta(store, { kind: 'thread_updated', thread: wire }, { viewerId: VIEWER });
    });
    expect(read().viewer.message_threads.edges[0]?.node.muted_until).toBe(9_000_000);
    environment.commitUpdate((store) => {
      // Another folder: the lists are read again, and the row reads ARCHIVED meanwhile.
      expect(
        applyDelta(
          store,
          { kind: 'thread_updated', thread: { ...wire, folder: 'ARCHIVED' } },
          { viewerId: VIEWER },
        ),
      ).toEqual({ refetch: true });
    });
    expect(read().viewer.message_threads.edges[0]?.node.folder).toBe('ARCHIVED');
    // A new message in the archived one-to-one brings it back: the lists are read again.
    environment.commitUpdate((store) => {
      expect(
        applyDelta(
          store,
          { kind: 'message_new', message: message(5, OTHER, 'back') },
          {
            viewerId: VIEWER,
          },
        ),
      ).toEqual({ refetch: true });
    });
  });

  it('a conversation deleted for oneself leaves the list; a later message has the lists read again', () => {
    const { environment, read } = environmentWithList();
    environment.commitUpdate((store) => {
      applyDelta(
        store,
        { kind: 'thread_removed', thread_id: THREAD, reason: 'deleted' },
        { viewerId: VIEWER },
      );
    });
    expect(read().viewer.message_threads.edges).toHaveLength(0);
    environment.commitUpdate((store) => {
      expect(
        applyDelta(
          store,
          { kind: 'message_new', message: message(5, OTHER, 'again') },
          {
            viewerId: VIEWER,
          },
        ),
      ).toEqual({ refetch: true });
    });
  });
});
