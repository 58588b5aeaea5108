import type { BroadcastKind } from '@messenger/core';
import { commitMutation, graphql } from 'react-relay';
import type { Environment } from 'relay-runtime';
import type { broadcastMutation } from './__generated__/broadcastMutation.graphql';

const mutation = graphql`
  mutation broadcastMutation($input: BroadcastMessageInput!) {
    broadcast_message(input: $input) {
      kind
      deliveries {
        recipient_id
        created
        message {
          id
          thread_id
        }
      }
    }
  }
`;

export interface Delivery {
  recipientId: string;
  threadId: string;
}

export type BroadcastOutcome =
  | { ok: true; deliveries: Delivery[] }
  /** `field` as the server named it (`recipient_ids[2]`, `text`), or null. */
  | { ok: false; code: string | null; field: string | null };

interface WireError {
  extensions?: { code?: unknown; field?: unknown };
}

function outcomeOf(errors: readonly WireError[] | null | undefined): BroadcastOutcome {
  const first = errors?.[0]?.extensions;
  return {
    ok: false,
    code: typeof first?.code === 'string' ? first.code : null,
    field: typeof first?.field === 'string' ? first.field : null,
  };
}

/** broadcast_message; a refusal is an outcome naming its field, not an exception. */
export function sendBroadcast(
  environment: Environment,
  input: { recipientIds: string[]; text: string; offlineThreadingId: string; kind: BroadcastKind },
): Promise<BroadcastOutcome> {
  return new Promise((resolve) => {
    commitMutation<broadcastMutation>(environment, {
      mutation,
      variables: {
        input: {
          recipient_ids: input.recipientIds,
          text: input.text,
          offline_threading_id: input.offlineThreadingId,
          kind: input.kind,
        },
      },
      onCompleted: (response, errors) => {
        if ((errors?.length ?? 0) > 0) {
          resolve(outcomeOf(errors as readonly WireError[]));
          return;
        }
        resolve({
          ok: true,
          deliveries: response.broadcast_message.deliveries.map((d) => ({
            recipientId: d.recipient_id,
            threadId: d.message.thread_id,
          })),
        });
      },
      onError: (error) => {
        const source = (error as { source?: { errors?: readonly WireError[] } }).source;
        resolve(outcomeOf(source?.errors));
      },
    });
  });
}
