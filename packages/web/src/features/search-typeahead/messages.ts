import { defineMessages, type EntryType, type MessageDescriptor } from '@messenger/core';

/*
 * The typeahead's own wording where the seed gives none (section headings,
 * the search-messages row, the see-all and message search pages). 'Searching...',
 * 'See All' and the two aria labels are core's typeaheadMessages.
 */
export const searchTypeaheadMessages = defineMessages({
  searchMessagesFor: {
    id: 'search_typeahead.search_messages_for',
    defaultMessage: 'Search messages for “{query}”',
  },
  noResults: { id: 'search_typeahead.no_results', defaultMessage: 'No results' },
  resultsLabel: { id: 'search_typeahead.results_label', defaultMessage: 'Search results' },
  seeAllTitle: { id: 'search_typeahead.see_all_title', defaultMessage: 'Results for “{query}”' },
  messageSearchTitle: {
    id: 'search_typeahead.message_search_title',
    defaultMessage: 'Messages matching “{query}”',
  },
  searchPageLabel: { id: 'search_typeahead.search_page_label', defaultMessage: 'Search' },
  loading: { id: 'search_typeahead.loading', defaultMessage: 'Loading results…' },
  failed: {
    id: 'search_typeahead.failed',
    defaultMessage: 'The search did not answer. Try again.',
  },
  backToMessenger: { id: 'search_typeahead.back', defaultMessage: 'Back to Messenger' },
  gamePlayerTitle: { id: 'search_typeahead.game_player', defaultMessage: 'Play {name}' },
  gamePlayerBody: {
    id: 'search_typeahead.game_player_body',
    defaultMessage: 'The game starts here. Games are played in this window.',
  },
  close: { id: 'search_typeahead.close', defaultMessage: 'Close' },
  seeAllIn: { id: 'search_typeahead.see_all_in', defaultMessage: 'See all {section}' },
});

/** Section headings in the seed's section order (sections are core's buildSections). */
export const sectionHeadings = defineMessages({
  search: { id: 'search_typeahead.section.search', defaultMessage: 'Search' },
  friend: { id: 'search_typeahead.section.friend', defaultMessage: 'Friends' },
  fb4c: { id: 'search_typeahead.section.fb4c', defaultMessage: 'Coworkers' },
  message: { id: 'search_typeahead.section.message', defaultMessage: 'Messages' },
  thread: { id: 'search_typeahead.section.thread', defaultMessage: 'Groups' },
  page: { id: 'search_typeahead.section.page', defaultMessage: 'Pages' },
  non_friend: { id: 'search_typeahead.section.non_friend', defaultMessage: 'More People' },
  meeting_room_page: {
    id: 'search_typeahead.section.meeting_room_page',
    defaultMessage: 'Meeting Rooms',
  },
  internal_bot_page: { id: 'search_typeahead.section.internal_bot_page', defaultMessage: 'Bots' },
  game: { id: 'search_typeahead.section.game', defaultMessage: 'Games' },
}) satisfies Record<EntryType, MessageDescriptor>;
