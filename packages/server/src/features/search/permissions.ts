import { sourcesFor, type ServerSource } from '@messenger/core';
import type { Viewer } from '../accounts/viewer';

/*
 * Seed section 6 on the server. Sources follow core's `sourcesFor`, the same
 * rule the typeahead uses to decide what to ask, so the client never asks for
 * something the server refuses.
 */

function sources(viewer: Viewer): ServerSource[] {
  return sourcesFor({
    isEmployee: viewer.isEmployee,
    isWork: viewer.isWork,
    messageSearchGate: viewer.gates.has('message_search'),
    groupSearchGate: viewer.gates.has('group_search'),
  });
}

/** Searching messages needs the message_search gate. */
export const canSearchMessages = (viewer: Viewer): boolean => sources(viewer).includes('messages');

/** Video-conference (meeting room) results: employees or work users. */
export const canSeeMeetingRooms = (viewer: Viewer): boolean =>
  sources(viewer).includes('meeting_rooms');

/** Internal bot results: users who are both employee and work. */
export const canSeeInternalBots = (viewer: Viewer): boolean =>
  sources(viewer).includes('internal_bots');

/** The separate work-chat query: work users. */
export const canUseWorkchat = (viewer: Viewer): boolean => sources(viewer).includes('workchat');

/**
 * Group search gating differs for employees (NETWORK_FORMAT.md): employees
 * always, anyone else with the group_search gate. A work user's typeahead gets
 * groups through the work-chat query, but the call itself follows this rule.
 */
export const canSearchGroups = (viewer: Viewer): boolean =>
  viewer.isEmployee || viewer.gates.has('group_search');
