import { defineMessages } from '@messenger/core';

export const expiredMessages = defineMessages({
  title: { id: 'web.sessionExpired.title', defaultMessage: 'Session expired' },
  heading: { id: 'web.sessionExpired.heading', defaultMessage: 'Your session has expired' },
  body: {
    id: 'web.sessionExpired.body',
    defaultMessage: 'You were logged out. Log in again to continue where you left off.',
  },
  logInAgain: { id: 'web.sessionExpired.logInAgain', defaultMessage: 'Log In Again' },
});
