import { defineMessages } from '@messenger/core';

/** The embedded messenger (the kit's frame on a host network's page). */
export const embedMessages = defineMessages({
  heading: { id: 'web.embed.heading', defaultMessage: 'Messenger' },
  signInHeading: { id: 'web.embed.signInHeading', defaultMessage: 'Log in to Messenger' },
  signInBody: {
    id: 'web.embed.signInBody',
    defaultMessage: 'Log in to chat with your friends without leaving this page.',
  },
  signedOutHeading: { id: 'web.embed.signedOutHeading', defaultMessage: 'You’re logged out' },
  signedOutBody: {
    id: 'web.embed.signedOutBody',
    defaultMessage: 'Your Messenger session ended. Log in again to keep chatting.',
  },
  logIn: { id: 'web.embed.logIn', defaultMessage: 'Log in' },
  signingIn: { id: 'web.embed.signingIn', defaultMessage: 'Logging in…' },
  popupBlocked: {
    id: 'web.embed.popupBlocked',
    defaultMessage:
      'Your browser blocked the login window. Allow pop-ups for this site and try again.',
  },
  notAvailableHeading: { id: 'web.embed.notAvailableHeading', defaultMessage: 'Not available' },
  notAvailableBody: {
    id: 'web.embed.notAvailableBody',
    defaultMessage: 'Messenger can only be shown on the pages of its network.',
  },
  popupDoneHeading: { id: 'web.embed.popupDoneHeading', defaultMessage: 'You’re logged in' },
  popupDoneBody: {
    id: 'web.embed.popupDoneBody',
    defaultMessage: 'You can close this window and go back to the page you were on.',
  },
});
