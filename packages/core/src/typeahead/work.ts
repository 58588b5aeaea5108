import type { MessageDescriptor } from '../i18n';
import { typeaheadMessages } from './messages';

/** The `context` sent with a profile search (seed section 6). */
export type SearchContext = 'workchat' | 'web_messenger_composer';

export function searchContext(viewer: { isWork: boolean; workchatGate: boolean }): SearchContext {
  return viewer.isWork && viewer.workchatGate ? 'workchat' : 'web_messenger_composer';
}

/** The aria label differs for work accounts (seed section 2). */
export function typeaheadAriaLabel(viewer: { isWork: boolean }): MessageDescriptor {
  return viewer.isWork ? typeaheadMessages.ariaLabelWork : typeaheadMessages.ariaLabelMessenger;
}

/**
 * Server sources of the typeahead. `meeting_rooms` are the video-conference
 * results and `internal_bots` the work bots; the caller may serve them through
 * the page search flags (vc_endpoint, internal_bot) or the work-chat query.
 */
export const SERVER_SOURCES = [
  'users',
  'groups',
  'workchat',
  'pages',
  'messages',
  'meeting_rooms',
  'internal_bots',
] as const;
export type ServerSource = (typeof SERVER_SOURCES)[number];

export interface TypeaheadViewer {
  isEmployee: boolean;
  isWork: boolean;
  messageSearchGate: boolean;
  groupSearchGate: boolean;
}

/** Which server sources run for this viewer (seed section 6). */
export function sourcesFor(viewer: TypeaheadViewer): ServerSource[] {
  const sources: ServerSource[] = [];
  if (viewer.isWork) {
    // Work users get one work-chat query for people and groups.
    sources.push('workchat');
  } else {
    sources.push('users');
    if (viewer.isEmployee || viewer.groupSearchGate) sources.push('groups');
  }
  sources.push('pages');
  if (viewer.messageSearchGate) sources.push('messages');
  if (viewer.isEmployee || viewer.isWork) sources.push('meeting_rooms');
  if (viewer.isEmployee && viewer.isWork) sources.push('internal_bots');
  return sources;
}
