import { defineMessages } from '@messenger/core';

/** The basic onboarding prompt and its spotlight; our wording, the seed gives none. */
export const nuxMessages = defineMessages({
  promptLabel: { id: 'web.nux.promptLabel', defaultMessage: 'Tip' },
  sidebarTitle: { id: 'web.nux.sidebarTitle', defaultMessage: 'Chat from any page' },
  sidebarBody: {
    id: 'web.nux.sidebarBody',
    defaultMessage: 'Your friends and groups are in the chat sidebar. Pick one to start a chat.',
  },
  showMe: { id: 'web.nux.showMe', defaultMessage: 'Show me' },
  dismiss: { id: 'web.nux.dismiss', defaultMessage: 'Dismiss' },
  spotlightDone: { id: 'web.nux.spotlightDone', defaultMessage: 'Got it' },
});
