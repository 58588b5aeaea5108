import type { FastifyInstance } from 'fastify';
import { codesOf, gql, gqlOk } from '../../graphql/support';
import type { Session } from '../../support/session';

export const SEND = `mutation Send($input: SendMessageInput!) {
  send_message(input: $input) {
    created
    message { id thread_id sender_id text seq_in_thread offline_threading_id entry_point tags kind timestamp
      delivery_state receipts { participant_id state } }
  }
}`;

export const THREAD_STATE_FIELDS = `thread_id kind name image_src folder unread_count last_message_seq
  viewer_participant_id custom_nickname participants { id kind last_read_seq last_delivered_seq }`;

export interface SentMessageResult {
  created: boolean;
  message: {
    id: string;
    thread_id: string;
    sender_id: string;
    text: string;
    seq_in_thread: number;
    offline_threading_id: string | null;
    entry_point: string | null;
    tags: string[];
    kind: string;
    timestamp: number;
    delivery_state: 'sent' | 'delivered' | 'seen';
    receipts: { participant_id: string; state: string }[];
  };
}

export interface ThreadStateResult {
  thread_id: string;
  kind: string;
  name: string | null;
  image_src: string | null;
  folder: string;
  unread_count: number;
  last_message_seq: number;
  viewer_participant_id: string;
  custom_nickname: Record<string, string>;
  participants: { id: string; kind: string; last_read_seq: number; last_delivered_seq: number }[];
}

export async function send(
  app: FastifyInstance,
  session: Session,
  input: Record<string, unknown>,
): Promise<SentMessageResult> {
  const data = await gqlOk<{ send_message: SentMessageResult }>(app, session, SEND, { input });
  return data.send_message;
}

/** The error codes and fields of a mutation expected to fail. */
export async function failing(
  app: FastifyInstance,
  session: Session | null,
  query: string,
  variables: Record<string, unknown>,
): Promise<{ code: string; field?: string }[]> {
  const result = await gql(app, session, query, variables);
  return codesOf(result);
}

export async function threadState(
  app: FastifyInstance,
  session: Session,
  threadId: string,
): Promise<ThreadStateResult> {
  const data = await gqlOk<{ thread_state: ThreadStateResult }>(
    app,
    session,
    `query($id: ID!) { thread_state(thread_id: $id) { ${THREAD_STATE_FIELDS} } }`,
    { id: threadId },
  );
  return data.thread_state;
}

export { gql, gqlOk, codesOf };
