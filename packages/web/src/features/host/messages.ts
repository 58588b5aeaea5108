import { defineMessages } from '@messenger/core';

/** The host-network page: a feed shell standing in for the social network. */
export const hostMessages = defineMessages({
  feedHeading: { id: 'web.host.feedHeading', defaultMessage: 'News Feed' },
  welcome: { id: 'web.host.welcome', defaultMessage: 'Welcome, {name}' },
  feedEmpty: {
    id: 'web.host.feedEmpty',
    defaultMessage: 'Posts from your network appear here. Chat with your friends on the right.',
  },
});
