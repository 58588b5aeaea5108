import { defineMessages } from '@messenger/core';

/*
 * The presence dot's words, here because the sidebar, the thread header and
 * the dot all say them and each of those depends on presence. The id keeps
 * its first place's name, so the catalogues are unchanged.
 */
export const presenceMessages = defineMessages({
  active: { id: 'web.chatSidebar.active', defaultMessage: 'Active now' },
});
