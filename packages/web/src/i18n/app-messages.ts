import { defineMessages } from '@messenger/core';

/** Wording of the app shell: titles, header, loading and error screens. */
export const appMessages = defineMessages({
  appName: { id: 'web.app.name', defaultMessage: 'Messenger' },
  homeTitle: { id: 'web.app.home', defaultMessage: 'Home' },
  titleWithUnread: { id: 'web.app.titleWithUnread', defaultMessage: '({count}) {title}' },
  mainNavigation: { id: 'web.app.mainNavigation', defaultMessage: 'Main' },
  skipToContent: { id: 'web.app.skipToContent', defaultMessage: 'Skip to main content' },
  loading: { id: 'web.app.loading', defaultMessage: 'Loading…' },
  signedInAs: { id: 'web.app.signedInAs', defaultMessage: 'Logged in as {name}' },
  logOut: { id: 'web.app.logOut', defaultMessage: 'Log Out' },
  notFoundTitle: { id: 'web.app.notFound.title', defaultMessage: 'Page not found' },
  notFoundBody: {
    id: 'web.app.notFound.body',
    defaultMessage: 'The link you followed may be broken, or the page may have been removed.',
  },
  goHome: { id: 'web.app.goHome', defaultMessage: 'Go to Home' },
  unreachableTitle: {
    id: 'web.app.unreachable.title',
    defaultMessage: "Can't reach the messenger",
  },
  unreachableBody: {
    id: 'web.app.unreachable.body',
    defaultMessage: 'Check your connection, then try again.',
  },
  tryAgain: { id: 'web.app.tryAgain', defaultMessage: 'Try Again' },
  bootloadFailedTitle: {
    id: 'web.app.bootloadFailed.title',
    defaultMessage: 'Part of this page could not be loaded',
  },
  bootloadFailedBody: {
    id: 'web.app.bootloadFailed.body',
    defaultMessage: 'Reload the page to get the latest version.',
  },
  reload: { id: 'web.app.reload', defaultMessage: 'Reload' },
  // A region whose data failed to load (ui/RegionErrorBoundary); the id keeps
  // its messenger prefix so the translations in lang/ stay as they are.
  regionFailed: {
    id: 'web.messenger.regionFailed',
    defaultMessage: "This part of the page couldn't be loaded.",
  },
});
