import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, draftOf, setDraft } from '../features/drafts/drafts';
import type { Api } from '../http/api';
import { createSessionServices } from './session-services';

describe("a login's services", () => {
  afterEach(() => {
    sessionStorage.clear();
  });

  it('take the drafts with them when the login ends, so the next person on this tab finds none', () => {
    const services = createSessionServices({
      // Never called: the services are disposed before Relay's half would use it.
      api: {} as Api,
      viewerId: '1',
      sessionLost: () => undefined,
    });
    setDraft('42', { ...EMPTY_DRAFT, text: 'for the group only' });
    expect(sessionStorage.getItem('messenger.draft.42')).not.toBeNull();

    services.dispose();

    expect(draftOf('42')).toEqual(EMPTY_DRAFT);
    expect(sessionStorage.getItem('messenger.draft.42')).toBeNull();
  });
});
