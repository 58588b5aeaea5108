import { fetchQuery, graphql, type Environment } from 'relay-runtime';
import type { DeltaContext } from '../sync/records';
import { threadRecord, threadStateRecord, valueOf } from '../sync/records';
import type { senderNameQuery as Query } from './__generated__/senderNameQuery.graphql';

/** What the store says about a message's thread and sender, read without changing anything. */
export interface StoreFacts {
  senderName: string | null;
  folder: string | null;
  /** The thread's mute as the store holds it (core isMuted decides). */
  mutedUntil: number | null;
  viewerParticipantId: string | null;
}

export function readStoreFacts(
  environment: Environment,
  threadId: string,
  senderId: string,
  ctx: DeltaContext,
): StoreFacts {
  const facts: StoreFacts = {
    senderName: null,
    folder: null,
    mutedUntil: null,
    viewerParticipantId: null,
  };
  // An update that only reads: the public way to walk linked records.
  environment.commitUpdate((store) => {
    const sender = store.get(senderId);
    const name = sender ? valueOf(sender, 'name') : null;
    if (typeof name === 'string' && name !== '') facts.senderName = name;
    const thread = threadRecord(store, threadId);
    const folder = thread ? valueOf(thread, 'folder') : null;
    if (typeof folder === 'string') facts.folder = folder;
    const mutedUntil = thread ? valueOf(thread, 'muted_until') : null;
    if (typeof mutedUntil === 'number') facts.mutedUntil = mutedUntil;
    const state = threadStateRecord(store, threadId);
    const own = state ? valueOf(state, 'viewer_participant_id') : null;
    facts.viewerParticipantId = typeof own === 'string' ? own : ctx.viewerId;
  });
  return facts;
}

const senderQuery = graphql`
  query senderNameQuery($thread: ID!) {
    message_thread(thread_fbid: $thread) {
      participants_to_render {
        __typename
        ... on MessagingUser {
          id
          name
        }
        ... on Page {
          id
          name
        }
      }
    }
  }
`;

/** The sender's name from the server when the store does not hold it; null when that fails. */
export async function fetchSenderName(
  environment: Environment,
  threadId: string,
  senderId: string,
): Promise<string | null> {
  try {
    const data = await fetchQuery<Query>(environment, senderQuery, {
      thread: threadId,
    }).toPromise();
    const sender = data?.message_thread.participants_to_render.find(
      (p) => 'id' in p && p.id === senderId,
    );
    return sender !== undefined && 'name' in sender && typeof sender.name === 'string'
      ? sender.name
      : null;
  } catch {
    return null;
  }
}
