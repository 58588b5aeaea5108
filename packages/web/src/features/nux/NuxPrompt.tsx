import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { useIntl } from 'react-intl';
import type { Api } from '../../http/api';
import { nuxMessages } from './messages';
import { fetchNuxState, postNuxEvent } from './nux-client';
import { Spotlight, type SpotlightWash } from './Spotlight';
import './nux.css';

/** The host page's one basic nux: where chats live. */
export const CHAT_SIDEBAR_NUX_ID = 'chat_sidebar_intro';

export interface NuxPromptProps {
  api: Api;
  nuxId?: string;
  /** The element the spotlight highlights. */
  target: () => Element | null;
  wash?: SpotlightWash;
}

type Status = 'loading' | 'shown' | 'hidden';

/**
 * A basic onboarding prompt (seed 2 and 7): shown until dismissed, logged as
 * viewed when shown and as dismissed once, both by nux_id. The server keeps
 * the dismissal, so it stays gone after a reload or on another device.
 */
export function NuxPrompt({
  api,
  nuxId = CHAT_SIDEBAR_NUX_ID,
  target,
  wash = 'dark',
}: NuxPromptProps): ReactNode {
  const intl = useIntl();
  const titleId = useId();
  const [status, setStatus] = useState<Status>('loading');
  const [spotlight, setSpotlight] = useState(false);

  useEffect(() => {
    let live = true;
    fetchNuxState(api).then(
      (state) => {
        if (!live) return;
        const dismissed = state.dismissed.includes(nuxId);
        setStatus(dismissed ? 'hidden' : 'shown');
        if (!dismissed) postNuxEvent(api, 'view', nuxId).catch(() => undefined);
      },
      // Onboarding is optional: without the state it is not shown at all.
      () => {
        if (live) setStatus('hidden');
      },
    );
    return () => {
      live = false;
    };
  }, [api, nuxId]);

  const dismiss = useCallback(() => {
    setSpotlight(false);
    setStatus('hidden');
    postNuxEvent(api, 'dismiss', nuxId).catch(() => undefined);
  }, [api, nuxId]);

  if (status !== 'shown') return null;
  return (
    <aside className="nux-prompt" aria-labelledby={titleId}>
      <h2 id={titleId} className="nux-prompt-title">
        {intl.formatMessage(nuxMessages.sidebarTitle)}
      </h2>
      <p>{intl.formatMessage(nuxMessages.sidebarBody)}</p>
      <div className="nux-actions">
        <Button className="button" onPress={dismiss}>
          {intl.formatMessage(nuxMessages.dismiss)}
        </Button>
        <Button
          className="button button-primary"
          onPress={() => {
            setSpotlight(true);
          }}
        >
          {intl.formatMessage(nuxMessages.showMe)}
        </Button>
      </div>
      <Spotlight
        isOpen={spotlight}
        onClose={() => {
          setSpotlight(false);
        }}
        target={target}
        wash={wash}
        title={intl.formatMessage(nuxMessages.sidebarTitle)}
      >
        <p>{intl.formatMessage(nuxMessages.sidebarBody)}</p>
        <div className="nux-actions">
          <Button
            className="button button-primary"
            autoFocus
            onPress={() => {
              setSpotlight(false);
            }}
          >
            {intl.formatMessage(nuxMessages.spotlightDone)}
          </Button>
        </div>
      </Spotlight>
    </aside>
  );
}
