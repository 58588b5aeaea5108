import { defineMessages } from '@messenger/core';

/**
 * The bug-nub (seed 2, "Other widgets"). The environment names come from
 * core's staffEnvironmentMessages (the seed's exact wording); the rest is our
 * wording, the seed gives none.
 */
export const staffMessages = defineMessages({
  nub: { id: 'web.staff.nub', defaultMessage: 'Bugs and preferences' },
  reportBug: { id: 'web.staff.reportBug', defaultMessage: 'Report a bug' },
  internalPreferences: {
    id: 'web.staff.internalPreferences',
    defaultMessage: 'Internal preferences',
  },
  environment: { id: 'web.staff.environment', defaultMessage: 'Environment' },
  environmentsNeedDomain: {
    id: 'web.staff.environmentsNeedDomain',
    defaultMessage:
      'Unavailable: this site is opened at the address {host}, which has no subdomains. Open it by its domain name, or build with VITE_CONSUMER_DOMAIN and VITE_MESSENGER_DOMAIN.',
  },
  environmentsBadHost: {
    id: 'web.staff.environmentsBadHost',
    defaultMessage:
      'Unavailable: environments are subdomains, and {host} cannot carry one. Build with VITE_CONSUMER_DOMAIN and VITE_MESSENGER_DOMAIN.',
  },
  betaSaveFailed: {
    id: 'web.staff.betaSaveFailed',
    defaultMessage: 'The setting could not be saved. Try again.',
  },
  reportTitle: { id: 'web.staff.reportTitle', defaultMessage: 'Report a bug' },
  employeeReportTitle: {
    id: 'web.staff.employeeReportTitle',
    defaultMessage: 'Report a bug (employee)',
  },
  reportDescription: { id: 'web.staff.reportDescription', defaultMessage: 'What went wrong?' },
  reportSend: { id: 'web.staff.reportSend', defaultMessage: 'Send report' },
  reportSending: { id: 'web.staff.reportSending', defaultMessage: 'Sending…' },
  reportCancel: { id: 'web.staff.reportCancel', defaultMessage: 'Cancel' },
  reportClose: { id: 'web.staff.reportClose', defaultMessage: 'Close' },
  reportSent: { id: 'web.staff.reportSent', defaultMessage: 'Thanks, your report was sent.' },
  reportFailed: {
    id: 'web.staff.reportFailed',
    defaultMessage: 'The report could not be sent. Try again.',
  },
});
