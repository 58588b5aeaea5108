import { isMuted, parseBuddy, type PresenceStatus, type SearchEntry } from '@messenger/core';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { usePresenceStore, usePresenceVersion } from '../presence/presence-store';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useChatTabs } from '../chat-tabs/ChatTabsProvider';
import { sidebarLocalCache } from '../search-typeahead/typeahead-model';
import { useLiveAdminedBadges } from './admined-pages-live';
import { useLiveSync, useResyncFetchOptions, useStartSync } from '../sync/live-sync';
import { browserClock } from '../../lib/clock';
import { titleOf } from '../thread-list/thread-rows';
import type { SidebarBodyQuery as Query } from './__generated__/SidebarBodyQuery.graphql';
import {
  AdminedPagesSection,
  FriendsSection,
  GroupsSection,
  PagesSection,
  type GroupRow,
} from './sidebar-sections';
import '../messenger/messenger.css';
import './chat-sidebar.css';

/** Characters of a group's title in the sidebar before the ellipsis. */
const SIDEBAR_TITLE_MAX = 40;

export interface SidebarBodyProps {
  viewerId: string;
  isWork?: boolean;
  /** Receives the typeahead's local cache built from this bootstrap data. */
  onSearchCache?: (entries: readonly SearchEntry[]) => void;
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
 * birthday marks, the viewer's groups, the pages they talk with, then the
 * pages they administer (admined_pages). A friend, group or page opens its
 * chat tab at the bottom of the page.
 */
export function SidebarBody({
  viewerId,
  isWork = false,
  onSearchCache,
}: SidebarBodyProps): ReactNode {
  const tabs = useChatTabs();
  const live = useLiveSync();
  // A resync, or a graph_changed delta (a friendship or block made by the host's admin API), reads it again.
  const fetchOptions = useResyncFetchOptions(live);
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
              is_deactivated
              type
              is_messenger_user
              search_tokens
            }
            groups {
              mercury_thread {
                id
                group_name
                custom_nickname
                image_src
                unread_count
                muted_until
                participants_to_render {
                  __typename
                  ... on MessagingUser {
                    id
                    name
                    short_name
                  }
                  ... on Page {
                    id
                    name
                  }
                }
              }
            }
            pageListModule {
              id
              name
              imgSrc
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
    fetchOptions,
  );
  useStartSync(live, data.viewer.sync_seq);
  const preload = data.viewer.chat_sidebar_preload;
  useLiveAdminedBadges(live, preload.adminedPages.length > 0);

  // The session's presence store: the preload seeds it, the socket's frames keep it live.
  const presenceStore = usePresenceStore();
  const presenceVersion = usePresenceVersion();
  useEffect(() => {
    presenceStore.seed(presenceOf(preload.buddies));
  }, [presenceStore, preload.buddies]);
  const statusOf = (id: string): PresenceStatus => presenceStore.statusOf(id);

  const friends = useMemo(
    () => preload.shortProfiles.filter((p) => p.id !== data.viewer.id),
    [preload.shortProfiles, data.viewer.id],
  );
  const groups = useMemo(
    () =>
      preload.groups.map((group): GroupRow => ({
        id: group.mercury_thread.id,
        title: titleOf(group.mercury_thread, viewerId, SIDEBAR_TITLE_MAX),
        imageSrc: group.mercury_thread.image_src,
        // A muted conversation shows no count (core isMuted).
        unread: isMuted(group.mercury_thread.muted_until, browserClock)
          ? 0
          : group.mercury_thread.unread_count,
      })),
    [preload.groups, viewerId],
  );

  useEffect(() => {
    if (onSearchCache === undefined) return;
    const now = new Date();
    onSearchCache(
      sidebarLocalCache(friends, groups, {
        viewerIsWork: isWork,
        today: { day: now.getDate(), month: now.getMonth() + 1 },
      }),
    );
  }, [friends, groups, isWork, onSearchCache]);

  const ready = useRowsPainted();
  return (
    <div className="sidebar-sections" data-ready={ready || undefined}>
      <FriendsSection
        friends={friends}
        statusOf={statusOf}
        presenceVersion={presenceVersion}
        onOpen={(friend) => {
          tabs.dispatch({
            type: 'open',
            target: { kind: 'person', personId: friend.id, threadId: null },
            title: friend.name,
          });
        }}
      />
      <GroupsSection
        groups={groups}
        onOpen={(group) => {
          tabs.dispatch({
            type: 'open',
            target: { kind: 'thread', threadId: group.id },
            title: group.title,
          });
        }}
      />
      <PagesSection
        pages={preload.pageListModule}
        onOpen={(page) => {
          tabs.dispatch({
            type: 'open',
            target: { kind: 'person', personId: page.id, threadId: null },
            title: page.name,
          });
        }}
      />
      <AdminedPagesSection pages={preload.adminedPages} />
    </div>
  );
}

/**
 * False until two frames after the first render: React Aria builds a list's
 * collection in one render and shows its rows in the next, so the sections
 * are shown (chat-sidebar.css) once their rows are laid out and nothing moves.
 */
function useRowsPainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => {
        setPainted(true);
      });
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, []);
  return painted;
}
