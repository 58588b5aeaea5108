import { sidebarBadgeText, type PresenceStatus } from '@messenger/core';
import type { ReactNode } from 'react';
import { GridList, GridListItem } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { presenceMessages } from '../presence/messages';
import { threadListMessages } from '../thread-list/messages';
import { chatSidebarMessages } from './messages';
import { Face } from '../../ui/Face';
import { pageInboxPath } from '../../router/routes';

/*
 * The sidebar's sections (seed 2: friends, groups and pages, admined_pages).
 * Each is a labelled grid: Tab enters it, arrows move, Enter or a click on a
 * friend, group or page opens its chat tab.
 */

export interface FriendRow {
  id: string;
  name: string;
  thumbSrc: string | null | undefined;
  is_birthday: boolean;
  /** The host network deactivated them (SCIM): no presence, marked as such. */
  is_deactivated?: boolean;
}

export interface GroupRow {
  id: string;
  /** core threadTitle as the viewer sees it, cut with an ellipsis. */
  title: string;
  imageSrc: string | null | undefined;
  unread: number;
}

export interface PageRow {
  id: string;
  name: string;
  imgSrc: string | null | undefined;
}

export interface AdminedPageRow {
  id: string;
  name: string;
  imgSrc: string | null | undefined;
  imgSize: number;
  badgingCount: number;
}

function Avatar({
  id,
  name,
  src,
  size = 32,
  children,
}: {
  id: string;
  name: string;
  src: string | null | undefined;
  size?: number;
  children?: ReactNode;
}): ReactNode {
  return (
    <span className="sidebar-avatar">
      <Face id={id} name={name} src={src} size={size} />
      {children}
    </span>
  );
}

/** The badge capped at 9 (seed 9) with its full count for screen readers. */
function SidebarBadge({ count, label }: { count: number; label: string }): ReactNode {
  const badge = sidebarBadgeText(count);
  if (badge === null) return null;
  return (
    <span className="unread-badge">
      <span aria-hidden="true">{badge}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

function SectionHeading({ id, children }: { id: string; children: ReactNode }): ReactNode {
  return (
    <h3 id={id} className="chat-sidebar-section">
      {children}
    </h3>
  );
}

export function FriendsSection({
  friends,
  statusOf,
  presenceVersion,
  onOpen,
}: {
  friends: readonly FriendRow[];
  statusOf: (id: string) => PresenceStatus;
  /** Changes with every presence change: rows are cached by item, so they re-render on it. */
  presenceVersion: number;
  onOpen: (friend: FriendRow) => void;
}): ReactNode {
  const intl = useIntl();
  return (
    <>
      <SectionHeading id="chat-sidebar-friends">
        {intl.formatMessage(chatSidebarMessages.friends)}
      </SectionHeading>
      <GridList
        aria-labelledby="chat-sidebar-friends"
        className="sidebar-rows"
        items={friends}
        dependencies={[presenceVersion]}
        onAction={(key) => {
          const friend = friends.find((f) => f.id === key);
          if (friend !== undefined) onOpen(friend);
        }}
        renderEmptyState={() => <p>{intl.formatMessage(chatSidebarMessages.noFriends)}</p>}
      >
        {(friend) => {
          const deactivated = friend.is_deactivated === true;
          const active = !deactivated && statusOf(friend.id) === 'ACTIVE';
          return (
            <GridListItem
              id={friend.id}
              textValue={friend.name}
              className="sidebar-row"
              data-active={active || undefined}
            >
              <Avatar id={friend.id} name={friend.name} src={friend.thumbSrc}>
                {active ? <span className="presence-dot" aria-hidden="true" /> : null}
              </Avatar>
              <span className="sidebar-name" dir="auto">
                {friend.name}
              </span>
              {deactivated ? (
                <span className="sidebar-deactivated">
                  {intl.formatMessage(chatSidebarMessages.deactivated)}
                </span>
              ) : null}
              {active ? (
                <span className="visually-hidden">
                  {intl.formatMessage(presenceMessages.active)}
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
    </>
  );
}

export function GroupsSection({
  groups,
  onOpen,
}: {
  groups: readonly GroupRow[];
  onOpen: (group: GroupRow) => void;
}): ReactNode {
  const intl = useIntl();
  if (groups.length === 0) return null;
  return (
    <>
      <SectionHeading id="chat-sidebar-groups">
        {intl.formatMessage(chatSidebarMessages.groups)}
      </SectionHeading>
      <GridList
        aria-labelledby="chat-sidebar-groups"
        className="sidebar-rows"
        items={groups}
        data-section="groups"
        onAction={(key) => {
          const group = groups.find((g) => g.id === key);
          if (group !== undefined) onOpen(group);
        }}
      >
        {(group) => (
          <GridListItem id={group.id} textValue={group.title} className="sidebar-row">
            <Avatar id={group.id} name={group.title} src={group.imageSrc} />
            <span className="sidebar-name" dir="auto">
              {group.title}
            </span>
            <SidebarBadge
              count={group.unread}
              label={intl.formatMessage(threadListMessages.unread, { count: group.unread })}
            />
          </GridListItem>
        )}
      </GridList>
    </>
  );
}

export function PagesSection({
  pages,
  onOpen,
}: {
  pages: readonly PageRow[];
  onOpen: (page: PageRow) => void;
}): ReactNode {
  const intl = useIntl();
  if (pages.length === 0) return null;
  return (
    <>
      <SectionHeading id="chat-sidebar-recent-pages">
        {intl.formatMessage(chatSidebarMessages.pages)}
      </SectionHeading>
      <GridList
        aria-labelledby="chat-sidebar-recent-pages"
        className="sidebar-rows"
        items={pages}
        data-section="pages"
        onAction={(key) => {
          const page = pages.find((p) => p.id === key);
          if (page !== undefined) onOpen(page);
        }}
      >
        {(page) => (
          <GridListItem id={page.id} textValue={page.name} className="sidebar-row">
            <Avatar id={page.id} name={page.name} src={page.imgSrc} />
            <span className="sidebar-name" dir="auto">
              {page.name}
            </span>
          </GridListItem>
        )}
      </GridList>
    </>
  );
}

/**
 * admined_pages: name, image and an unread badge capped at 9 (seed 2). Each
 * row is a link to the page's inbox in the messenger, where its admin reads
 * and answers the page's conversations as the page.
 */
export function AdminedPagesSection({ pages }: { pages: readonly AdminedPageRow[] }): ReactNode {
  const intl = useIntl();
  if (pages.length === 0) return null;
  return (
    <>
      <SectionHeading id="chat-sidebar-pages">
        {intl.formatMessage(chatSidebarMessages.adminedPages)}
      </SectionHeading>
      <GridList
        aria-labelledby="chat-sidebar-pages"
        className="sidebar-rows"
        items={pages}
        data-section="admined_pages"
      >
        {(page) => (
          <GridListItem
            id={page.id}
            textValue={page.name}
            className="sidebar-row"
            href={pageInboxPath(page.id)}
          >
            <Avatar
              id={page.id}
              name={page.name}
              src={page.imgSrc}
              size={Math.min(page.imgSize > 0 ? page.imgSize : 32, 32)}
            />
            <span className="sidebar-name" dir="auto">
              {page.name}
            </span>
            <SidebarBadge
              count={page.badgingCount}
              label={intl.formatMessage(chatSidebarMessages.pageUnread, {
                count: page.badgingCount,
              })}
            />
          </GridListItem>
        )}
      </GridList>
    </>
  );
}
