import {
  liveFunnel,
  reduceTokenizer,
  type EntryPointPath,
  type FunnelName,
  type FunnelManagerState,
  type SearchEntry,
  type SearchFunnelHappening,
  type TokenizerEvent,
  type TokenizerState,
} from '@messenger/core';

/** Every place a search typeahead appears. */
export const SEARCH_SURFACES = [
  'sidebar',
  'omnipicker',
  'group_creation',
  'broadcast',
  'share',
] as const;
export type SearchSurface = (typeof SEARCH_SURFACES)[number];

/**
 * The funnel each surface logs to and the entry point it is tagged with. The
 * sidebar's is the main search funnel; the others each have their own, so a
 * broadcast search ends with single_result_selected or abandon (seed 4).
 */
export const SURFACE_FUNNELS: Readonly<
  Record<SearchSurface, { funnel: FunnelName; entryPoint: EntryPointPath }>
> = {
  sidebar: { funnel: 'WWW_MESSENGER_SEARCH_FUNNEL', entryPoint: ['chat_sidebar', 'search'] },
  omnipicker: { funnel: 'WWW_MESSENGER_OMNIPICKER_FUNNEL', entryPoint: ['omnipicker'] },
  group_creation: {
    funnel: 'WWW_MESSENGER_GROUP_CREATION_FUNNEL',
    entryPoint: ['group_creation'],
  },
  broadcast: { funnel: 'WWW_MESSENGER_BROADCAST_SEARCH_FUNNEL', entryPoint: ['broadcast'] },
  share: { funnel: 'WWW_MESSENGER_SHARE_FUNNEL', entryPoint: ['share'] },
};

/**
 * What a tokenizer event means for the search funnel, read from core's own
 * reducer: an added token is a selected result (at its place in the
 * dropdown), a removed one is token_removed. Refusals log nothing.
 */
export function tokenizerHappenings(
  state: TokenizerState,
  event: TokenizerEvent,
  items: readonly SearchEntry[],
): SearchFunnelHappening[] {
  const { outcome, commands } = reduceTokenizer(state, event);
  const happenings: SearchFunnelHappening[] = [];
  if (outcome.kind === 'added') {
    happenings.push({
      type: 'result_selected',
      uniqueID: outcome.entry.uniqueID,
      entryType: outcome.entry.type,
      position: Math.max(
        0,
        items.findIndex((item) => item.uniqueID === outcome.entry.uniqueID),
      ),
    });
  }
  for (const command of commands) {
    happenings.push({ type: 'token_removed', uniqueID: command.uniqueID });
  }
  return happenings;
}

export function isLive(state: FunnelManagerState, surface: SearchSurface): boolean {
  return liveFunnel(state, SURFACE_FUNNELS[surface].funnel) !== undefined;
}
