import { defineMessages } from '../i18n';

/** User-visible wording of the search typeahead. */
export const typeaheadMessages = defineMessages({
  searching: {
    id: 'typeahead.searching',
    defaultMessage: 'Searching...',
  },
  ariaLabelWork: {
    id: 'typeahead.aria_label.work',
    defaultMessage: 'Search Work Chat',
  },
  ariaLabelMessenger: {
    id: 'typeahead.aria_label.messenger',
    defaultMessage: 'Search Messenger',
  },
  seeAll: {
    id: 'typeahead.see_all',
    defaultMessage: 'See All',
  },
});
