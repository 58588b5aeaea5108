import {
  hasErrorCode,
  isErrorCode,
  type AttachmentMimeType,
  type ErrorCode,
  type WireMessage,
  type WireReplyQuote,
} from '@messenger/core';
import { commitMutation, graphql, type Environment } from 'relay-runtime';
import { ApiError, NetworkError } from '../../http/api';
import type { DeltaReducers } from '../sync/delta-reducers';
import type { sendMessageMutation } from './__generated__/sendMessageMutation.graphql';
import type { OutboxMessage, SendFailure } from './outbox-reducer';

/**
 * Codes that say the server will refuse this message however often it is
 * sent again. `unauthenticated` is not one: the session screens take over,
 * and the message waits for the person to sign in again.
 */
const FINAL_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'bad_request',
  'forbidden',
  'not_found',
  'blocked',
  'query_too_complex',
  'persisted_query_only',
  'persisted_query_not_found',
]);

interface GraphQLErrorLike {
  message?: unknown;
  extensions?: { code?: unknown };
}

/** The first coded GraphQL error of a response, as a failure. */
function fromGraphQLErrors(errors: readonly GraphQLErrorLike[]): SendFailure {
  for (const error of errors) {
    const code = error.extensions?.code;
    if (typeof code !== 'string') continue;
    if (hasErrorCode(code, 'unauthenticated')) return { kind: 'network' };
    if (isErrorCode(code) && FINAL_CODES.has(code)) {
      return {
        kind: 'rejected',
        code,
        message: typeof error.message === 'string' ? error.message : '',
      };
    }
    return { kind: 'transient', code };
  }
  // An error without a code is a masked internal one: worth another try.
  return { kind: 'transient', code: 'internal' };
}

/**
 * What went wrong with one send, from what Relay reports: no answer at all
 * (the API client's NetworkError), an HTTP answer that is not GraphQL (a
 * proxy's 502, a 429), or GraphQL errors (Relay puts them on `source` when
 * the response has no data).
 */
export function classifySendError(error: unknown): SendFailure {
  if (error instanceof NetworkError) return { kind: 'network' };
  if (error instanceof ApiError) {
    if (error.status === 401) return { kind: 'network' };
    if (error.status >= 500 || error.status === 429 || error.status === 408) {
      return { kind: 'transient', code: error.code };
    }
    return { kind: 'rejected', code: error.code, message: error.message };
  }
  const source = (error as { source?: { errors?: unknown } } | null)?.source;
  if (Array.isArray(source?.errors)) return fromGraphQLErrors(source.errors as GraphQLErrorLike[]);
  // A fetch that failed below the API client (TypeError: Failed to fetch) is the network too.
  if (error instanceof TypeError) return { kind: 'network' };
  return { kind: 'transient', code: 'unknown' };
}

export type SendResult = { ok: true } | { ok: false; failure: SendFailure };

const mutation = graphql`
  mutation sendMessageMutation($input: SendMessageInput!) {
    send_message(input: $input) {
      created
      message {
        ...messageFields_message @relay(mask: false)
        thread_id
        tags
        entry_point
      }
    }
  }
`;

/**
 * Sends one message of the outbox with its offline_threading_id; the stored
 * message goes into the store through the same reducers as the sync socket's
 * echo (whichever comes second changes nothing). Never rejects.
 */
export function sendOutboxMessage(
  environment: Environment,
  viewerId: string,
  reducers: DeltaReducers,
  message: OutboxMessage,
): Promise<SendResult> {
  return new Promise((resolve) => {
    commitMutation<sendMessageMutation>(environment, {
      mutation,
      variables: {
        input: {
          thread_id: message.threadId,
          text: message.text,
          offline_threading_id: message.id,
          ...(message.entryPoint === undefined ? {} : { entry_point: message.entryPoint }),
          ...(message.asPageId === undefined ? {} : { as_page_id: message.asPageId }),
          ...(message.attachments === undefined
            ? {}
            : { attachments: message.attachments.map((a) => ({ ...a })) }),
          ...(message.replyTo === undefined ? {} : { reply_to: message.replyTo }),
          ...(message.mentions === undefined
            ? {}
            : { mentions: message.mentions.map((x) => ({ ...x })) }),
        },
      },
      onCompleted: (response, errors) => {
        if (errors != null && errors.length > 0) {
          resolve({ ok: false, failure: fromGraphQLErrors(errors) });
          return;
        }
        const m = response.send_message.message;
        const wire: WireMessage = {
          id: m.id,
          thread_id: m.thread_id,
          sender_id: m.sender_id,
          text: m.text,
          created_at: m.timestamp,
          seq_in_thread: m.seq_in_thread,
          offline_threading_id: m.offline_threading_id ?? null,
          entry_point: m.entry_point ?? null,
          tags: [...m.tags],
          kind: m.kind,
          ...(m.attachments.length > 0
            ? {
                attachments: m.attachments.map((a) => ({
                  ...a,
                  mime: a.mime as AttachmentMimeType,
                })),
              }
            : {}),
          ...(m.reply_to == null ? {} : { reply_to: wireQuote(m.reply_to) }),
          ...(m.mentions.length > 0
            ? {
                mentions: m.mentions.map((x) => ({
                  offset: x.offset,
                  length: x.length,
                  id: x.person_id,
                })),
              }
            : {}),
        };
        environment.commitUpdate((store) => {
          reducers.applyMessageNew(store, wire, { viewerId });
        });
        resolve({ ok: true });
      },
      onError: (error) => {
        resolve({ ok: false, failure: classifySendError(error) });
      },
    });
  });
}

type QuoteData = NonNullable<
  sendMessageMutation['response']['send_message']['message']['reply_to']
>;

/** The answer's quote as the sync deltas carry it (one reducer for both). */
function wireQuote(q: QuoteData): WireReplyQuote {
  return {
    message_id: q.message_id,
    sender_id: q.sender_id,
    text: q.text,
    available: q.available,
    ...(q.image == null ? {} : { image: { ...q.image, mime: q.image.mime as AttachmentMimeType } }),
  };
}
