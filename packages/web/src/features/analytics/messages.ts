import { defineMessages } from '@messenger/core';

/** The staff funnel dashboard and the quick promotions; our wording, the seed gives none. */
export const analyticsMessages = defineMessages({
  dashboardTitle: { id: 'web.analytics.dashboardTitle', defaultMessage: 'Funnels' },
  staffOnlyTitle: { id: 'web.analytics.staffOnlyTitle', defaultMessage: 'Staff only' },
  staffOnlyBody: {
    id: 'web.analytics.staffOnlyBody',
    defaultMessage: 'The funnel dashboard is for staff. Your account does not have access to it.',
  },
  backToMessages: { id: 'web.analytics.backToMessages', defaultMessage: 'Back to messages' },
  from: { id: 'web.analytics.from', defaultMessage: 'From' },
  to: { id: 'web.analytics.to', defaultMessage: 'To' },
  apply: { id: 'web.analytics.apply', defaultMessage: 'Show' },
  dateRange: { id: 'web.analytics.dateRange', defaultMessage: 'Date range' },
  loading: { id: 'web.analytics.loading', defaultMessage: 'Loading funnels…' },
  loadFailed: {
    id: 'web.analytics.loadFailed',
    defaultMessage: 'The funnels could not be loaded: {message}',
  },
  truncated: {
    id: 'web.analytics.truncated',
    defaultMessage:
      'This range holds more records than one view reads; the numbers cover the first part.',
  },
  rangeShown: { id: 'web.analytics.rangeShown', defaultMessage: 'From {from} to {to} (UTC)' },
  started: { id: 'web.analytics.started', defaultMessage: 'Started' },
  endedBy: { id: 'web.analytics.endedBy', defaultMessage: 'Ended by reason' },
  reason: { id: 'web.analytics.reason', defaultMessage: 'Reason' },
  count: { id: 'web.analytics.count', defaultMessage: 'Count' },
  step: { id: 'web.analytics.step', defaultMessage: 'Step' },
  reached: { id: 'web.analytics.reached', defaultMessage: 'Reached' },
  conversion: { id: 'web.analytics.conversion', defaultMessage: 'Conversion from previous step' },
  chartLabel: {
    id: 'web.analytics.chartLabel',
    defaultMessage: '{funnel}: instances reaching each step, {steps}',
  },
  chartStep: { id: 'web.analytics.chartStep', defaultMessage: '{step} {reached}' },
  stepsCaption: { id: 'web.analytics.stepsCaption', defaultMessage: 'Steps of {funnel}' },
  endsCaption: { id: 'web.analytics.endsCaption', defaultMessage: 'Ends of {funnel}' },
  noData: { id: 'web.analytics.noData', defaultMessage: 'No instances in this range.' },
  notApplicable: { id: 'web.analytics.notApplicable', defaultMessage: '—' },
  searchTitle: { id: 'web.analytics.searchTitle', defaultMessage: 'Search' },
  searchSessions: { id: 'web.analytics.searchSessions', defaultMessage: 'Search sessions' },
  queriesPerSession: {
    id: 'web.analytics.queriesPerSession',
    defaultMessage: 'Queries per session',
  },
  abandonment: {
    id: 'web.analytics.abandonment',
    defaultMessage: 'Abandoned (no result selected)',
  },
  resultTypes: { id: 'web.analytics.resultTypes', defaultMessage: 'Result type selected' },
  resultType: { id: 'web.analytics.resultType', defaultMessage: 'Result type' },
  staffFunnelsPromoTitle: {
    id: 'web.analytics.staffFunnelsPromoTitle',
    defaultMessage: 'See how people search',
  },
  staffFunnelsPromoBody: {
    id: 'web.analytics.staffFunnelsPromoBody',
    defaultMessage: 'The funnel dashboard shows searches, selections and abandonment by day.',
  },
  staffFunnelsPromoAction: {
    id: 'web.analytics.staffFunnelsPromoAction',
    defaultMessage: 'Open funnels',
  },
  workChatPromoTitle: {
    id: 'web.analytics.workChatPromoTitle',
    defaultMessage: 'Chat with coworkers',
  },
  workChatPromoBody: {
    id: 'web.analytics.workChatPromoBody',
    defaultMessage:
      'Your coworkers are in the chat sidebar too. Start a new message to reach several at once.',
  },
  workChatPromoAction: { id: 'web.analytics.workChatPromoAction', defaultMessage: 'New message' },
  promoDismiss: { id: 'web.analytics.promoDismiss', defaultMessage: 'Not now' },
});
