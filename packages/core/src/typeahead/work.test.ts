import { describe, expect, it } from 'vitest';
import { searchContext, sourcesFor, typeaheadAriaLabel, type TypeaheadViewer } from './work';
import { formatDefaultMessage } from '../i18n';

const plain: TypeaheadViewer = {
  isEmployee: false,
  isWork: false,
  messageSearchGate: false,
  groupSearchGate: false,
};

describe('searchContext', () => {
  it('is workchat only for a work user with the gate on', () => {
    expect(searchContext({ isWork: true, workchatGate: true })).toBe('workchat');
    expect(searchContext({ isWork: true, workchatGate: false })).toBe('web_messenger_composer');
    expect(searchContext({ isWork: false, workchatGate: true })).toBe('web_messenger_composer');
    expect(searchContext({ isWork: false, workchatGate: false })).toBe('web_messenger_composer');
  });
});

describe('typeaheadAriaLabel', () => {
  it('uses the work-chat label for work accounts and the messenger label otherwise', () => {
    expect(formatDefaultMessage(typeaheadAriaLabel({ isWork: true }))).toBe('Search Work Chat');
    expect(formatDefaultMessage(typeaheadAriaLabel({ isWork: false }))).toBe('Search Messenger');
    expect(typeaheadAriaLabel({ isWork: true }).id).not.toBe(
      typeaheadAriaLabel({ isWork: false }).id,
    );
  });
});

describe('sourcesFor', () => {
  it('gives a plain user people and pages only', () => {
    expect(sourcesFor(plain)).toEqual(['users', 'pages']);
  });

  it('searches messages only with the message search gate', () => {
    expect(sourcesFor({ ...plain, messageSearchGate: true })).toContain('messages');
    expect(sourcesFor({ ...plain, isEmployee: true, isWork: true })).not.toContain('messages');
  });

  it('searches groups for employees always and for others only with the gate', () => {
    expect(sourcesFor({ ...plain, groupSearchGate: true })).toContain('groups');
    expect(sourcesFor({ ...plain, isEmployee: true })).toContain('groups');
    expect(sourcesFor(plain)).not.toContain('groups');
  });

  it('queries meeting rooms only for employees or work users', () => {
    expect(sourcesFor({ ...plain, isEmployee: true })).toContain('meeting_rooms');
    expect(sourcesFor({ ...plain, isWork: true })).toContain('meeting_rooms');
    expect(sourcesFor({ ...plain, messageSearchGate: true, groupSearchGate: true })).not.toContain(
      'meeting_rooms',
    );
  });

  it('queries internal bots only for users who are both employee and work', () => {
    expect(sourcesFor({ ...plain, isEmployee: true, isWork: true })).toContain('internal_bots');
    expect(sourcesFor({ ...plain, isEmployee: true })).not.toContain('internal_bots');
    expect(sourcesFor({ ...plain, isWork: true })).not.toContain('internal_bots');
  });

  it('uses one work-chat source instead of people and group sources for work users', () => {
    const sources = sourcesFor({ ...plain, isWork: true, groupSearchGate: true });
    expect(sources).toEqual(['workchat', 'pages', 'meeting_rooms']);
    expect(sourcesFor({ ...plain, groupSearchGate: true })).not.toContain('workchat');
  });
});
