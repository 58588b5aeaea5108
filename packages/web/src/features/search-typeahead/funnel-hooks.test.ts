import { buildSearchEntry, type SearchEntry } from '@messenger/core';
import { afterEach, describe, expect, it } from 'vitest';
import { recordingFunnels } from '../../test/funnels';
import { typeaheadFunnelHooks } from './funnel-hooks';

function entry(type: SearchEntry['type'], id: string, title: string): SearchEntry {
  const built = buildSearchEntry({ uid: id, type, title });
  if (built === null) throw new Error('bad entry');
  return built;
}

const ANNA = entry('friend', '1', 'Anna Berg');
const GROUP = entry('thread', '70', 'Annual Planning');

let made: ReturnType<typeof recordingFunnels>[] = [];
function setup() {
  const funnels = recordingFunnels();
  made.push(funnels);
  return { ...funnels, hooks: typeaheadFunnelHooks(funnels.funnel('sidebar')) };
}
afterEach(() => {
  for (const funnels of made) funnels.client.dispose();
  made = [];
});

describe('the sidebar typeahead’s funnel hooks', () => {
  it('log a search from the first query to the pick and the popup closing, in order', async () => {
    const { hooks, stored, batches } = setup();
    // Opening on the empty state shows rows, but nothing is searched yet.
    hooks.onImpressions?.([ANNA, GROUP], '');
    hooks.onQueryChanged?.('a');
    hooks.onImpressions?.([ANNA, GROUP], 'a');
    hooks.onQueryChanged?.('an');
    hooks.onSourceStarted?.('users', 'an');
    hooks.onSourceEnded?.('users', 'an', 'failed');
    hooks.onImpressions?.([GROUP, ANNA], 'an');
    hooks.onResultSelected?.(ANNA, 'an');
    hooks.onEnd?.('single_result_selected');
    expect(await stored()).toEqual([
      [
        'WWW_MESSENGER_SEARCH_FUNNEL',
        [
          'start',
          'query_changed',
          'impressions',
          'query_changed',
          'source_started',
          'source_ended',
          'impressions',
          'result_selected',
          'end',
        ],
      ],
    ]);
    const actions = batches[0]?.records[0]?.actions ?? [];
    expect(actions.find((a) => a.name === 'source_ended')).toMatchObject({
      tag: 'users',
      payload: { status: 'failed' },
    });
    // Its place among the rows last shown.
    expect(actions.find((a) => a.name === 'result_selected')).toMatchObject({
      tag: 'friend',
      payload: { unique_id: ANNA.uniqueID, position: 1 },
    });
    expect(batches[0]?.records[0]?.tags).toEqual(['entrypoint:chat_sidebar:search']);
  });

  it('log nothing for a typeahead opened and closed without a query', async () => {
    const { hooks, stored } = setup();
    hooks.onImpressions?.([ANNA], '');
    hooks.onQueryChanged?.('');
    hooks.onEnd?.('abandon');
    expect(await stored()).toEqual([]);
  });

  it('start a new search after the popup closed on the last one', async () => {
    const { hooks, stored } = setup();
    hooks.onQueryChanged?.('a');
    hooks.onEnd?.('abandon');
    hooks.onQueryChanged?.('b');
    hooks.onEnd?.('abandon');
    expect(await stored()).toEqual([
      ['WWW_MESSENGER_SEARCH_FUNNEL', ['start', 'query_changed', 'end']],
      ['WWW_MESSENGER_SEARCH_FUNNEL', ['start', 'query_changed', 'end']],
    ]);
  });
});
