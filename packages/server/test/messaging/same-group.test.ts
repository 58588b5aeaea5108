import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from '../sync/support/app';
import { THREAD_STATE_FIELDS, failing, gqlOk, type ThreadStateResult } from '../sync/support/gql';
import { PEOPLE } from '../sync/support/world';

const dialects = await dialectsUnderTest();

const CREATE = `mutation($i: CreateGroupThreadInput!) { create_group_thread(input: $i) { ${THREAD_STATE_FIELDS} } }`;
const SAME = `query($p: [ID!]!) { group_with_same_people(participant_ids: $p) { thread_id } }`;

describe.each(dialects)('the group with the same people (%s)', (dialect) => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp(dialect);
  });
  afterAll(async () => {
    await live.dispose();
  });

  const same = async (who: 'ann' | 'ben' | 'dot', ids: string[]): Promise<string | null> => {
    const data = await gqlOk<{ group_with_same_people: { thread_id: string } | null }>(
      live.app,
      await live.session(who),
      SAME,
      { p: ids },
    );
    return data.group_with_same_people?.thread_id ?? null;
  };

  it('finds the viewer’s group of exactly these people, in any order, the latest first', async () => {
    const ann = await live.session('ann');
    const create = async (ids: string[]) =>
      (
        await gqlOk<{ create_group_thread: ThreadStateResult }>(live.app, ann, CREATE, {
          i: { participant_ids: ids },
        })
      ).create_group_thread.thread_id;
    expect(await same('ann', [PEOPLE.eve, PEOPLE.fay])).toBeNull();
    const first = await create([PEOPLE.eve, PEOPLE.fay]);
    expect(await same('ann', [PEOPLE.fay, PEOPLE.eve])).toBe(first);
    // One more person is another set.
    expect(await same('ann', [PEOPLE.eve, PEOPLE.fay, PEOPLE.gus])).toBeNull();
    const second = await create([PEOPLE.eve, PEOPLE.fay]);
    expect(await same('ann', [PEOPLE.eve, PEOPLE.fay])).toBe(second);
  });

  it('answers only for the viewer’s own groups', async () => {
    const ann = await live.session('ann');
    const created = await gqlOk<{ create_group_thread: ThreadStateResult }>(live.app, ann, CREATE, {
      i: { participant_ids: [PEOPLE.ben, PEOPLE.cal] },
    });
    const id = created.create_group_thread.thread_id;
    expect(await same('ben', [PEOPLE.ann, PEOPLE.cal])).toBe(id);
    expect(await same('dot', [PEOPLE.ann, PEOPLE.ben, PEOPLE.cal])).toBeNull();
  });

  it('refuses fewer than two other people with the field at fault', async () => {
    expect(await failing(live.app, await live.session('ann'), SAME, { p: [PEOPLE.ben] })).toEqual([
      expect.objectContaining({ code: 'bad_request', field: 'participant_ids' }),
    ]);
  });
});
