import {
  objectIdOf,
  threadPermalink,
  typeaheadMessages,
  type BroadcastKind,
  type SearchEntry,
} from '@messenger/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Form, Link } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { useRelayEnvironment } from 'react-relay';
import { MESSENGER_PREFIX } from '../../router/routes';
import { useSession } from '../../session/SessionProvider';
import {
  silentSearchFunnel,
  useSearchFunnel,
  useTypeaheadFunnel,
  type SearchFunnel,
} from '../analytics/use-search-funnel';
import { ComposerTextField, messageTooLong } from '../composer-field/ComposerTextField';
import { newOfflineThreadingId } from '../composer-field/offline-threading-id';
import { RecipientTokenizer } from '../omnipicker/RecipientTokenizer';
import { useRecipientSources } from '../omnipicker/use-recipient-sources';
import { useTokenizer, type TokenizerModel } from '../omnipicker/use-tokenizer';
import { sendBroadcast } from './broadcast-mutation';
import { broadcastMessages } from './messages';
import { isolateIn } from '../../i18n/isolate';

export interface SendToPeopleProps {
  kind: BroadcastKind;
  /** What a share sends (a message's text or a link): shown, not editable. Broadcast types its own. */
  sharedText?: string;
}

type Problem = { kind: 'need_recipient' } | { kind: 'refused'; name: string } | { kind: 'failed' };

interface Sent {
  people: { name: string; threadId: string }[];
}

/**
 * Broadcast and share (seed 2): pick people with the recipient tokenizer,
 * then one broadcast_message sends the text to each in their own one-to-one
 * thread. The offline_threading_id is kept until it succeeds, so a retry
 * after a failure sends only what had not arrived.
 */
export function SendToPeople(props: SendToPeopleProps): ReactNode {
  const session = useSession();
  const isWork = session.state.status === 'signed-in' && session.state.viewer.is_work;
  const funnel = useSearchFunnel(props.kind === 'share' ? 'share' : 'broadcast');
  return <SendToPeopleForm {...props} isWork={isWork} funnel={funnel} />;
}

/**
 * The form itself, given whether the viewer is a work account (the dropdown's
 * wording) and the search funnel its recipient search logs to. The funnel ends
 * when the text is sent (single_result_selected) or, through useSearchFunnel,
 * when the view or dialog goes away: abandon unless someone was picked.
 */
export function SendToPeopleForm({
  kind,
  sharedText,
  isWork,
  funnel = silentSearchFunnel,
}: SendToPeopleProps & { isWork: boolean; funnel?: SearchFunnel }): ReactNode {
  const intl = useIntl();
  const environment = useRelayEnvironment();
  const tokenizer = useTokenizer();
  const { tokens, input } = tokenizer.state;
  const pickedIds = tokens.map((t) => objectIdOf(t.uniqueID));
  const sources = useRecipientSources(input, pickedIds);
  useTypeaheadFunnel(funnel, { query: input, ...sources });
  // Leaving the view or closing the dialog ends the search: abandon unless someone was picked.
  useEffect(
    () => () => {
      funnel.end();
    },
    [funnel],
  );
  // What the person does to the tokens is logged (a pick, a removal); clearing after a send is not.
  const picker: TokenizerModel = {
    ...tokenizer,
    dispatch: (event) => {
      funnel.tokenizerEvent(tokenizer.state, event, sources.items);
      tokenizer.dispatch(event);
    },
  };
  const [typed, setTyped] = useState('');
  const text = sharedText ?? typed;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  const offlineId = useRef(newOfflineThreadingId());
  const tooLong = messageTooLong(text);

  async function send(): Promise<void> {
    if (busy || text.trim() === '' || tooLong) return;
    if (pickedIds.length === 0) {
      setProblem({ kind: 'need_recipient' });
      return;
    }
    const picked: SearchEntry[] = [...tokens];
    setBusy(true);
    setProblem(null);
    const outcome = await sendBroadcast(environment, {
      recipientIds: pickedIds,
      text,
      offlineThreadingId: offlineId.current,
      kind,
    });
    setBusy(false);
    if (!outcome.ok) {
      const index = /^recipient_ids\[(\d+)\]$/.exec(outcome.field ?? '')?.[1];
      const who = index === undefined ? undefined : picked[Number(index)];
      setProblem(who === undefined ? { kind: 'failed' } : { kind: 'refused', name: who.title });
      return;
    }
    const names = new Map(picked.map((t) => [objectIdOf(t.uniqueID), t.title]));
    setSent({
      people: outcome.deliveries.map((d) => ({
        name: names.get(d.recipientId) ?? d.recipientId,
        threadId: d.threadId,
      })),
    });
    funnel.end({ picked: true });
    // Ready for the next one: a new id, no one picked, an empty field.
    offlineId.current = newOfflineThreadingId();
    for (const token of picked) tokenizer.dispatch({ type: 'remove', uniqueID: token.uniqueID });
    setTyped('');
  }

  let problemText: string | null = null;
  if (problem?.kind === 'need_recipient') {
    problemText = intl.formatMessage(broadcastMessages.needRecipient);
  } else if (problem?.kind === 'refused') {
    problemText = intl.formatMessage(broadcastMessages.refusedRecipient, {
      name: isolateIn(intl, problem.name),
    });
  } else if (problem?.kind === 'failed') {
    problemText = intl.formatMessage(broadcastMessages.failed);
  }

  return (
    <div className="send-to-people">
      <RecipientTokenizer
        model={picker}
        items={sources.items}
        searching={sources.searching}
        searchLabel={intl.formatMessage(
          isWork ? typeaheadMessages.ariaLabelWork : typeaheadMessages.ariaLabelMessenger,
        )}
      />
      <Form
        className="composer"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        {sharedText === undefined ? (
          <ComposerTextField value={typed} onChange={setTyped} onEnter={() => void send()} />
        ) : (
          <figure className="shared-text">
            <figcaption>{intl.formatMessage(broadcastMessages.sharedText)}</figcaption>
            <blockquote>{sharedText}</blockquote>
          </figure>
        )}
        {problemText !== null ? (
          <p role="alert" className="composer-error">
            {problemText}
          </p>
        ) : null}
        <Button type="submit" className="button button-primary" isDisabled={busy}>
          {intl.formatMessage(
            busy
              ? broadcastMessages.sending
              : kind === 'share'
                ? broadcastMessages.shareSend
                : broadcastMessages.send,
          )}
        </Button>
      </Form>
      <div role="status" className="send-to-people-result">
        {sent === null ? null : (
          <>
            <p>{intl.formatMessage(broadcastMessages.sentTo, { count: sent.people.length })}</p>
            <ul aria-label={intl.formatMessage(broadcastMessages.sentList)}>
              {sent.people.map((person) => (
                <li key={person.threadId}>
                  <Link
                    href={threadPermalink({ prefix: MESSENGER_PREFIX, threadId: person.threadId })}
                  >
                    {intl.formatMessage(broadcastMessages.openConversation, {
                      name: isolateIn(intl, person.name),
                    })}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
