import { defineMessages } from '@messenger/core';

/** Seed 2, "Leave-page confirmation dialog": its exact wording, and the fullscreen toggle. */
export const leavePageMessages = defineMessages({
  title: { id: 'web.leavePage.title', defaultMessage: 'Leave Page?' },
  leave: { id: 'web.leavePage.leave', defaultMessage: 'Leave This Page' },
  stay: { id: 'web.leavePage.stay', defaultMessage: 'Stay on This Page' },
  // Our wording: the seed gives none for the body or the toggle.
  body: {
    id: 'web.leavePage.body',
    defaultMessage: 'You have unsaved changes. If you leave this page, they will be lost.',
  },
  fullScreen: { id: 'web.leavePage.fullScreen', defaultMessage: 'Full Screen' },
});
