import { defineMessages } from '@messenger/core';

/** Beeper notifications (seed 2, "Beeper notifications"); the seed gives no wording. */
export const beeperMessages = defineMessages({
  region: { id: 'web.beeper.region', defaultMessage: 'Notifications' },
  dismiss: { id: 'web.beeper.dismiss', defaultMessage: 'Dismiss notification from {name}' },
  someone: { id: 'web.beeper.someone', defaultMessage: 'Someone' },
});
