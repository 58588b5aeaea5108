import { defineMessages } from '@messenger/core';

/** Message requests (`/messages/requests`): the PENDING folder with its two answers. */
export const requestsMessages = defineMessages({
  label: { id: 'web.requests.label', defaultMessage: 'Message requests' },
  empty: { id: 'web.requests.empty', defaultMessage: 'No message requests.' },
  accept: { id: 'web.requests.accept', defaultMessage: 'Accept' },
  ignore: { id: 'web.requests.ignore', defaultMessage: 'Ignore' },
  acceptNamed: { id: 'web.requests.acceptNamed', defaultMessage: 'Accept request from {title}' },
  ignoreNamed: { id: 'web.requests.ignoreNamed', defaultMessage: 'Ignore request from {title}' },
  failed: {
    id: 'web.requests.failed',
    defaultMessage: "The request couldn't be answered. Try again.",
  },
});
