import {
  MESSAGING_LIMITS,
  entriesFromEdges,
  joinEntryPoint,
  objectIdOf,
  threadPermalink,
  typeaheadMessages,
  type SearchEntry,
} from '@messenger/core';
import { useRef, useState, type ReactNode } from 'react';
import { Button, Form, Input, Label, TextField } from 'react-aria-components';
import { useIntl } from 'react-intl';
import {
  commitMutation,
  fetchQuery,
  graphql,
  useLazyLoadQuery,
  useRelayEnvironment,
} from 'react-relay';
import type { Environment, GraphQLTaggedNode, MutationParameters } from 'relay-runtime';
import { useLocation, useRouter } from '../../router/Router';
import { useSession } from '../../session/SessionProvider';
import { MESSENGER_PREFIX } from '../../router/routes';
import { useConversationEntryPoints } from '../analytics/conversation-entry-points';
import type { SearchSurface } from '../analytics/search-surfaces';
import { useSearchFunnel, useTypeaheadFunnel } from '../analytics/use-search-funnel';
import { ComposerTextField, messageTooLong } from '../composer-field/ComposerTextField';
import { newOfflineThreadingId } from '../composer-field/offline-threading-id';
import { composerFieldMessages } from '../composer-field/messages';
import type { NewMessageCreateGroupMutation } from './__generated__/NewMessageCreateGroupMutation.graphql';
import type { NewMessageSameGroupQuery } from './__generated__/NewMessageSameGroupQuery.graphql';
import type { NewMessageSendMutation } from './__generated__/NewMessageSendMutation.graphql';
import type { NewMessageWithQuery } from './__generated__/NewMessageWithQuery.graphql';
import { GroupPurposeDialog } from './GroupPurposeDialog';
import { omnipickerMessages } from './messages';
import { RecipientTokenizer } from './RecipientTokenizer';
import { useRecipientSources } from './use-recipient-sources';
import { useTokenizer, type TokenizerModel } from './use-tokenizer';

const ENTRY_POINT = joinEntryPoint(['omnipicker']);

/** The viewer's group of exactly these people, if there is one (asked before making another). */
const sameGroupQuery = graphql`
  query NewMessageSameGroupQuery($ids: [ID!]!) {
    group_with_same_people(participant_ids: $ids) {
      thread_id
    }
  }
`;

const sendMutation = graphql`
  mutation NewMessageSendMutation($input: SendMessageInput!) {
    send_message(input: $input) {
      message {
        id
        thread_id
      }
    }
  }
`;

const createGroupMutation = graphql`
  mutation NewMessageCreateGroupMutation($input: CreateGroupThreadInput!) {
    create_group_thread(input: $input) {
      thread_id
      participants {
        id
      }
    }
  }
`;

function commit<T extends MutationParameters>(
  environment: Environment,
  mutation: GraphQLTaggedNode,
  variables: T['variables'],
): Promise<T['response']> {
  return new Promise((resolve, reject) => {
    commitMutation<T>(environment, {
      mutation,
      variables,
      onCompleted: (response, errors) => {
        if (errors && errors.length > 0) reject(new Error(errors[0]?.message));
        else resolve(response);
      },
      onError: reject,
    });
  });
}

/**
 * New message: pick recipients, write the first message. One person: it is
 * sent by recipient_id (the server makes or finds the one-to-one thread).
 * Two or more: a group is created (with the optional name), then the message
 * is sent into it. Either way the thread opens afterwards. A group created
 * before a failed send is reused on retry while the picked people are the same,
 * and the offline_threading_id is kept, so a retry makes neither twice.
 * A work account is first asked the group's purpose (GroupPurposeDialog),
 * once per set of picked people.
 */
export function NewMessage(): ReactNode {
  const withId = originalIdOf(useLocation().search);
  return withId === null ? (
    <NewMessageForm original={[]} />
  ) : (
    <NewMessageWith key={withId} userId={withId} />
  );
}

/** `?with={userId}`: someone already in the conversation the group grows from. */
function originalIdOf(search: string): string | null {
  const id = new URLSearchParams(search).get('with');
  return id !== null && /^\d{1,32}$/.test(id) ? id : null;
}

const withQuery = graphql`
  query NewMessageWithQuery($userId: ID!) {
    direct_thread(user_id: $userId) {
      restriction
      recipient {
        __typename
        ... on MessagingUser {
          id
          name
          url
          is_messenger_user
          is_memorialized
          friendship_status
          alias
          search_tokens
          profile_picture {
            uri
          }
        }
      }
    }
  }
`;

/**
 * Group creation from a one-to-one conversation: the other person is an
 * original entry, a fixed token the tokenizer refuses to add again (seed 4,
 * "Tokenizer"). Someone the viewer cannot write to (or a page) is left out.
 */
function NewMessageWith({ userId }: { userId: string }): ReactNode {
  const data = useLazyLoadQuery<NewMessageWithQuery>(withQuery, { userId });
  const { recipient, restriction } = data.direct_thread;
  const original =
    restriction === null &&
    recipient !== null &&
    recipient !== undefined &&
    recipient.__typename !== 'Page'
      ? entriesFromEdges([{ node: recipient }])
      : [];
  return <NewMessageForm original={original} />;
}

/**
 * The search funnel of a new message: growing a one-to-one conversation into a
 * group (`?with=`) is group creation; otherwise it is the omnipicker's, even
 * with several people picked, since the surface must be known when the search
 * starts and the number of people is known only when the message is sent.
 */
export function newMessageSurface(original: readonly SearchEntry[]): SearchSurface {
  return original.length > 0 ? 'group_creation' : 'omnipicker';
}

function NewMessageForm({ original }: { original: readonly SearchEntry[] }): ReactNode {
  const intl = useIntl();
  const router = useRouter();
  const session = useSession();
  const entryPoints = useConversationEntryPoints();
  const viewer = session.state.status === 'signed-in' ? session.state.viewer : null;
  const isWork = viewer?.is_work === true;
  const environment = useRelayEnvironment();
  const tokenizer = useTokenizer(original);
  const { tokens, input } = tokenizer.state;
  // Everyone the message goes to: the original entries, then the picked tokens.
  const pickedIds = [...original, ...tokens].map((t) => objectIdOf(t.uniqueID));
  const sources = useRecipientSources(input, pickedIds);
  const funnel = useSearchFunnel(newMessageSurface(original));
  useTypeaheadFunnel(funnel, { query: input, ...sources });
  const picker: TokenizerModel = {
    ...tokenizer,
    dispatch: (event) => {
      funnel.tokenizerEvent(tokenizer.state, event, sources.items);
      tokenizer.dispatch(event);
    },
  };
  const [text, setText] = useState('');
  const [groupName, setGroupName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<'need_recipient' | 'failed' | null>(null);
  const offlineId = useRef(newOfflineThreadingId());
  const createdGroup = useRef<{ key: string; threadId: string } | null>(null);
  const [askPurpose, setAskPurpose] = useState(false);
  // A group of the same people found when sending: offered before a second one is made.
  const [sameGroup, setSameGroup] = useState<{ key: string; threadId: string } | null>(null);
  const newGroupChosenFor = useRef<string | null>(null);
  const purposeSavedFor = useRef<string | null>(null);
  const peopleKey = pickedIds.join(',');
  const tooLong = messageTooLong(text);
  const isGroup = pickedIds.length >= 2;

  async function send(): Promise<void> {
    if (busy || text.trim() === '' || tooLong) return;
    const [only] = pickedIds;
    if (only === undefined) {
      setError('need_recipient');
      return;
    }
    if (isGroup && newGroupChosenFor.current !== peopleKey) {
      const found = await findSameGroup();
      if (found !== null) {
        setError(null);
        setSameGroup({ key: peopleKey, threadId: found });
        return;
      }
    }
    if (pickedIds.length > 1 && isWork && purposeSavedFor.current !== peopleKey) {
      setError(null);
      setAskPurpose(true);
      return;
    }
    await deliver(groupName);
  }

  /** The thread id of the viewer's group of exactly the picked people, or null (also on failure). */
  async function findSameGroup(): Promise<string | null> {
    try {
      const data = await fetchQuery<NewMessageSameGroupQuery>(
        environment,
        sameGroupQuery,
        { ids: pickedIds },
        { fetchPolicy: 'network-only' },
      ).toPromise();
      return data?.group_with_same_people?.thread_id ?? null;
    } catch {
      // Not knowing is no reason to stop the person: a new group is made as asked.
      return null;
    }
  }

  async function deliver(name: string, existingThreadId: string | null = null): Promise<void> {
    const [only] = pickedIds;
    if (only === undefined) return;
    setBusy(true);
    setError(null);
    try {
      let threadId: string;
      if (existingThreadId !== null) {
        const sent = await commit<NewMessageSendMutation>(environment, sendMutation, {
          input: {
            thread_id: existingThreadId,
            text,
            offline_threading_id: offlineId.current,
            entry_point: ENTRY_POINT,
          },
        });
        threadId = sent.send_message.message.thread_id;
      } else if (pickedIds.length === 1) {
        const sent = await commit<NewMessageSendMutation>(environment, sendMutation, {
          input: {
            recipient_id: only,
            text,
            offline_threading_id: offlineId.current,
            entry_point: ENTRY_POINT,
          },
        });
        threadId = sent.send_message.message.thread_id;
      } else {
        const trimmed = name.trim();
        const key = `${peopleKey}|${trimmed}`;
        let groupId = createdGroup.current?.key === key ? createdGroup.current.threadId : null;
        if (groupId === null) {
          const created = await commit<NewMessageCreateGroupMutation>(
            environment,
            createGroupMutation,
            { input: { participant_ids: pickedIds, ...(trimmed === '' ? {} : { name: trimmed }) } },
          );
          groupId = created.create_group_thread.thread_id;
          createdGroup.current = { key, threadId: groupId };
        }
        const sent = await commit<NewMessageSendMutation>(environment, sendMutation, {
          input: {
            thread_id: groupId,
            text,
            offline_threading_id: offlineId.current,
            entry_point: ENTRY_POINT,
          },
        });
        threadId = sent.send_message.message.thread_id;
      }
      funnel.end({ picked: true });
      entryPoints?.openingFrom(['omnipicker']);
      await router.navigate(threadPermalink({ prefix: MESSENGER_PREFIX, threadId }));
    } catch {
      setError('failed');
      setBusy(false);
    }
  }

  return (
    <div className="new-message">
      <h2 className="region-heading">{intl.formatMessage(omnipickerMessages.newMessage)}</h2>
      <RecipientTokenizer
        model={picker}
        items={sources.items}
        searching={sources.searching}
        searchLabel={intl.formatMessage(
          isWork ? typeaheadMessages.ariaLabelWork : typeaheadMessages.ariaLabelMessenger,
        )}
      />
      {sources.failed ? (
        <p role="status">{intl.formatMessage(omnipickerMessages.suggestionsFailed)}</p>
      ) : null}
      {isGroup ? (
        <TextField
          className="new-message-group-name"
          value={groupName}
          onChange={setGroupName}
          maxLength={MESSAGING_LIMITS.groupNameMax}
        >
          <Label>{intl.formatMessage(omnipickerMessages.groupName)}</Label>
          <Input />
        </TextField>
      ) : null}
      <Form
        className="composer"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        {error !== null ? (
          <p role="alert" className="composer-error">
            {intl.formatMessage(
              error === 'need_recipient'
                ? omnipickerMessages.needRecipient
                : omnipickerMessages.createFailed,
            )}
          </p>
        ) : null}
        {sameGroup?.key === peopleKey ? (
          <div role="alert" className="new-message-same-group">
            <p>{intl.formatMessage(omnipickerMessages.sameGroupExists)}</p>
            <div className="modal-actions">
              <Button
                className="button button-primary"
                isDisabled={busy}
                onPress={() => {
                  void deliver(groupName, sameGroup.threadId);
                }}
              >
                {intl.formatMessage(omnipickerMessages.sendInSameGroup)}
              </Button>
              <Button
                className="button"
                isDisabled={busy}
                onPress={() => {
                  newGroupChosenFor.current = peopleKey;
                  setSameGroup(null);
                  void send();
                }}
              >
                {intl.formatMessage(omnipickerMessages.createNewGroup)}
              </Button>
            </div>
          </div>
        ) : null}
        <ComposerTextField value={text} onChange={setText} onEnter={() => void send()} />
        <Button type="submit" className="button button-primary" isDisabled={busy}>
          {intl.formatMessage(composerFieldMessages.send)}
        </Button>
      </Form>
      {askPurpose ? (
        <GroupPurposeDialog
          api={session.api}
          isOpen
          origin="omnipicker"
          initialName={groupName}
          community={viewer?.company_id ?? null}
          coworkerIds={[...original, ...tokens]
            .filter((t) => t.type === 'fb4c')
            .map((t) => objectIdOf(t.uniqueID))}
          onBack={() => {
            setAskPurpose(false);
          }}
          onSaved={({ name }) => {
            purposeSavedFor.current = peopleKey;
            setAskPurpose(false);
            setGroupName(name);
            void deliver(name);
          }}
        />
      ) : null}
    </div>
  );
}
