import { defineMessages } from '@messenger/core';

export const syncMessages = defineMessages({
  connecting: { id: 'web.sync.connecting', defaultMessage: 'Connecting…' },
  offline: { id: 'web.sync.offline', defaultMessage: 'Offline' },
  stopped: {
    id: 'web.sync.stopped',
    defaultMessage: 'Not connected. Reload the page to see new messages.',
  },
});
