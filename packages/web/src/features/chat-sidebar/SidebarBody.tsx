import { parseBuddy, sidebarBadgeText, userPermalink, type PresenceStatus } from '@messenger/core';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { GridList, GridListItem } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { MESSENGER_PREFIX } from '../../router/routes';
import { useLiveSync, useStartSync } from '../sync/live-sync';
import type { SidebarBodyQuery as Query } from './__generated__/SidebarBodyQuery.graphql';
import { chatSidebarMessages } from './messages';
import '../messenger/messenger.css';
import './chat-sidebar.css';

export interface SidebarBodyProps {
  viewerId: string;
}

/** Presence by person id from the preload's buddies (`"<id>-<STATUS>"`, core parseBuddy). */
export function presenceOf(buddies: readonly string[]): Map<string, PresenceStatus> {
  const out = new Map<string, PresenceStatus>();
  for (const buddy of buddies) {
    const parsed = parseBuddy(buddy);
    if (parsed !== null && !out.has(parsed.id)) out.set(parsed.id, parsed.status);
  }
  return out;
}

/**
 * The sidebar's content from `viewer.chat_sidebar_preload`: the friend list
 * with presence (ACTIVE dot, kept live by the socket's presence frames) and
 * birthday marks, then the pages the viewer administers (admined_pages) with
 * name, image and an unread badge capped at 9.
 */
export function SidebarBody({ viewerId }: SidebarBodyProps): ReactNode {
  const intl = useIntl();
  const data = useLazyLoadQuery<Query>(
    graphql`
      query SidebarBodyQuery {
        viewer {
          id
          sync_seq
          chat_sidebar_preload {
            buddies
            shortProfiles {
              id
              name
              thumbSrc
              is_birthday
              type
            }
            adminedPages {
              id
              name
              imgSrc
              imgSize
              badgingCount
            }
          }
        }
      }
    `,
    {},
  );
  const live = useLiveSync(viewerId);
  useStartSync(live, data.viewer.sync_seq);
  const preload = data.viewer.chat_sidebar_preload;

  // Presence frames from the socket override the preload's statuses.
  const [liveStatus, setLiveStatus] = useState<ReadonlyMap<string, PresenceStatus>>(new Map());
  useEffect(
    () =>
      live.connection.onEphemeral((frame) => {
        if (frame.type !== 'presence') return;
        setLiveStatus((current) => new Map(current).set(frame.user_id, frame.status));
      }),
    [live],
  );
  const presence = useMemo(() => presenceOf(preload.buddies), [preload.buddies]);
  const statusOf = (id: string): PresenceStatus =>
    liveStatus.get(id) ?? presence.get(id) ?? 'OFFLINE';

  const friends = preload.shortProfiles.filter((p) => p.id !== data.viewer.id);
  const pages = preload.adminedPages;

  return (
    <>
      <h3 id="chat-sidebar-friends" className="chat-sidebar-section">
        {intl.formatMessage(chatSidebarMessages.friends)}
      </h3>
      <GridList
        aria-labelledby="chat-sidebar-friends"
        className="sidebar-rows"
        items={friends}
        renderEmptyState={() => <p>{intl.formatMessage(chatSidebarMessages.noFriends)}</p>}
      >
        {(friend) => {
          const active = statusOf(friend.id) === 'ACTIVE';
          return (
            <GridListItem
              id={friend.id}
              textValue={friend.name}
              href={userPermalink({ prefix: MESSENGER_PREFIX, userId: friend.id })}
              className="sidebar-row"
              data-active={active || undefined}
            >
              <span className="sidebar-avatar">
                {friend.thumbSrc ? (
                  <img src={friend.thumbSrc} alt="" width={32} height={32} />
                ) : null}
                {active ? <span className="presence-dot" aria-hidden="true" /> : null}
              </span>
              <span className="sidebar-name">{friend.name}</span>
              {active ? (
                <span className="visually-hidden">
                  {intl.formatMessage(chatSidebarMessages.active)}
                </span>
              ) : null}
              {friend.is_birthday ? (
                <span
                  className="birthday-mark"
                  role="img"
                  aria-label={intl.formatMessage(chatSidebarMessages.birthday)}
                >
                  🎂
                </span>
              ) : null}
            </GridListItem>
          );
        }}
      </GridList>
      {pages.length === 0 ? null : (
        <>
          <h3 id="chat-sidebar-pages" className="chat-sidebar-section">
            {intl.formatMessage(chatSidebarMessages.adminedPages)}
          </h3>
          <GridList
            aria-labelledby="chat-sidebar-pages"
            className="sidebar-rows"
            items={pages}
            data-section="admined_pages"
          >
            {(page) => {
              const badge = sidebarBadgeText(page.badgingCount);
              const size = Math.min(page.imgSize > 0 ? page.imgSize : 32, 32);
              return (
                <GridListItem id={page.id} textValue={page.name} className="sidebar-row">
                  <span className="sidebar-avatar">
                    {page.imgSrc ? (
                      <img src={page.imgSrc} alt="" width={size} height={size} />
                    ) : null}
                  </span>
                  <span className="sidebar-name">{page.name}</span>
                  {badge === null ? null : (
                    <span className="unread-badge">
                      <span aria-hidden="true">{badge}</span>
                      <span className="visually-hidden">
                        {intl.formatMessage(chatSidebarMessages.pageUnread, {
                          count: page.badgingCount,
                        })}
                      </span>
                    </span>
                  )}
                </GridListItem>
              );
            }}
          </GridList>
        </>
      )}
    </>
  );
}
