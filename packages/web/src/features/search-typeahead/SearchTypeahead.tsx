import { routeSelection, typeaheadAriaLabel, type SearchEntry } from '@messenger/core';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useRelayEnvironment } from 'react-relay';
import { useRouter } from '../../router/Router';
import type { TabTarget } from '../chat-tabs/tabs-reducer';
import { GamePlayerDialog } from './GamePlayerDialog';
import { searchTypeaheadMessages } from './messages';
import { relaySources } from './relay-sources';
import { messageSearchPath, routePath, seeAllPath } from './search-paths';
import { sidebarTypeaheadModel, typeaheadViewer, type SearchViewer } from './typeahead-model';
import { TypeaheadCombobox } from './TypeaheadCombobox';
import { shownRows, useTypeahead, type TypeaheadHooks } from './use-typeahead';

export interface SearchTypeaheadProps {
  viewer: SearchViewer;
  /** The local cache (core buildLocalCache of the bootstrap's friends, then groups). */
  cache: readonly SearchEntry[];
  /**
   * On the host page a person or group opens as a chat tab; without it
   * (messenger pages) the picked thread is navigated to.
   */
  openChat?: (target: TabTarget, title: string) => void;
  hooks?: TypeaheadHooks;
}

/**
 * The sidebar's search typeahead with its server sources (Relay; this module
 * is loaded lazily). A pick goes where core's routeSelection says (seed 4,
 * "Selection"): a game to the game player, the search row to message search,
 * a message to its thread at that message, anything else to its thread.
 */
export function SearchTypeahead({
  viewer,
  cache,
  openChat,
  hooks,
}: SearchTypeaheadProps): ReactNode {
  const intl = useIntl();
  const environment = useRelayEnvironment();
  const router = useRouter();
  const [game, setGame] = useState<{ id: string; title: string } | null>(null);
  const picked = useRef(false);
  const open = useRef(false);

  const model = useMemo(
    () =>
      sidebarTypeaheadModel(typeaheadViewer(viewer), (query) =>
        intl.formatMessage(searchTypeaheadMessages.searchMessagesFor, { query }),
      ),
    [viewer, intl],
  );
  const fetchSource = useMemo(() => relaySources(environment, viewer), [environment, viewer]);

  const onSelect = (entry: SearchEntry): void => {
    picked.current = true;
    // Client thread ids are the server's here; a person's thread is found when it opens.
    const route = routeSelection(entry, {
      threadIdForGroup: (id) => id,
      threadIdForUser: () => null,
    });
    switch (route.kind) {
      case 'game':
        setGame({ id: route.gameId, title: entry.title });
        return;
      case 'message_search':
        void router.navigate(messageSearchPath(route.query));
        return;
      case 'thread':
      case 'user':
        if (openChat !== undefined && !(route.kind === 'thread' && route.messageId !== null)) {
          openChat(
            route.kind === 'thread'
              ? { kind: 'thread', threadId: route.threadId }
              : { kind: 'person', personId: route.userId, threadId: null },
            entry.title,
          );
          return;
        }
        // A message opens in the full messenger, which scrolls to and highlights it.
        void router.navigate(routePath(route));
        return;
    }
  };

  const view = useTypeahead({ model, cache, fetchSource, onSelect, ...(hooks ? { hooks } : {}) });

  const impressionsKey = shownRows(view.sections)
    .map((row) => row.uniqueID)
    .join(',');
  const latestHooks = useRef(hooks);
  latestHooks.current = hooks;
  const rowsRef = useRef(view.sections);
  rowsRef.current = view.sections;
  const queryRef = useRef(view.state.query);
  queryRef.current = view.state.query;
  useEffect(() => {
    if (open.current && impressionsKey !== '') {
      latestHooks.current?.onImpressions?.(shownRows(rowsRef.current), queryRef.current);
    }
  }, [impressionsKey]);

  return (
    <>
      <TypeaheadCombobox
        label={intl.formatMessage(typeaheadAriaLabel({ isWork: viewer.is_work }))}
        view={view}
        onSeeAll={(link) => {
          picked.current = true;
          void router.navigate(seeAllPath(link));
        }}
        onOpenChange={(isOpen) => {
          open.current = isOpen;
          if (isOpen) {
            picked.current = false;
            if (impressionsKey !== '')
              hooks?.onImpressions?.(shownRows(view.sections), view.state.query);
            return;
          }
          // The text stays after a pick, so the person sees what they searched for.
          hooks?.onEnd?.(picked.current ? 'single_result_selected' : 'abandon');
        }}
      />
      {game === null ? null : (
        <GamePlayerDialog
          gameId={game.id}
          title={game.title}
          onClose={() => {
            setGame(null);
          }}
        />
      )}
    </>
  );
}
