import { defineMessages } from '@messenger/core';

/** Wording of the login form; the two error lines match the server's 401 and 429 answers. */
export const loginMessages = defineMessages({
  title: { id: 'web.login.title', defaultMessage: 'Log In' },
  sso: { id: 'web.login.sso', defaultMessage: 'Log in with your organization’s account' },
  heading: { id: 'web.login.heading', defaultMessage: 'Log in to Messenger' },
  username: { id: 'web.login.username', defaultMessage: 'Username' },
  password: { id: 'web.login.password', defaultMessage: 'Password' },
  submit: { id: 'web.login.submit', defaultMessage: 'Log In' },
  submitting: { id: 'web.login.submitting', defaultMessage: 'Logging in…' },
  usernameRequired: { id: 'web.login.usernameRequired', defaultMessage: 'Enter your username.' },
  passwordRequired: { id: 'web.login.passwordRequired', defaultMessage: 'Enter your password.' },
  wrongCredentials: {
    id: 'web.login.wrongCredentials',
    defaultMessage: 'Wrong username or password.',
  },
  rateLimited: {
    id: 'web.login.rateLimited',
    defaultMessage:
      'Too many login attempts. Try again in {seconds, plural, one {# second} other {# seconds}}.',
  },
  rateLimitedLater: {
    id: 'web.login.rateLimitedLater',
    defaultMessage: 'Too many login attempts. Try again later.',
  },
  unreachable: {
    id: 'web.login.unreachable',
    defaultMessage: "Can't reach the server. Check your connection and try again.",
  },
  failed: { id: 'web.login.failed', defaultMessage: 'Something went wrong. Try again.' },
});
