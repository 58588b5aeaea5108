import { beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, clearDrafts, draftOf, setDraft, updateDraft } from './drafts';

describe('conversation drafts', () => {
  beforeEach(() => {
    sessionStorage.clear();
  });

  it('keeps each thread’s text, mentions and reply apart, in sessionStorage too', () => {
    const reply = { messageId: 'mid.1.4', sender: 'Ann', text: 'hi', image: null };
    setDraft('1', { text: 'hi Ben', mentions: [{ offset: 3, length: 3, id: '8' }], reply });
    updateDraft('2', (d) => ({ ...d, text: 'other' }));
    expect(draftOf('1')).toEqual({
      text: 'hi Ben',
      mentions: [{ offset: 3, length: 3, id: '8' }],
      reply,
    });
    expect(draftOf('2').text).toBe('other');
    const stored = JSON.parse(sessionStorage.getItem('messenger.draft.1') ?? 'null') as {
      text: string;
    };
    expect(stored.text).toBe('hi Ben');
  });

  it('forgets an emptied draft, in memory and in storage', () => {
    setDraft('3', { ...EMPTY_DRAFT, text: 'soon' });
    setDraft('3', EMPTY_DRAFT);
    expect(draftOf('3')).toEqual(EMPTY_DRAFT);
    expect(sessionStorage.getItem('messenger.draft.3')).toBeNull();
  });

  it('forgets every draft when a login ends, in memory and in storage, and leaves other keys', () => {
    sessionStorage.setItem('someone.else', 'kept');
    setDraft('4', { ...EMPTY_DRAFT, text: 'private words' });
    setDraft('5', { ...EMPTY_DRAFT, text: 'more' });
    clearDrafts();
    expect(draftOf('4')).toEqual(EMPTY_DRAFT);
    expect(draftOf('5')).toEqual(EMPTY_DRAFT);
    expect(sessionStorage.getItem('messenger.draft.4')).toBeNull();
    expect(sessionStorage.getItem('messenger.draft.5')).toBeNull();
    expect(sessionStorage.getItem('someone.else')).toBe('kept');
  });
});
