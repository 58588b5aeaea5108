import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchema } from '../../src/schema';
import { gql } from '../graphql/support';
import type { Session } from '../support/session';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from '../sync/support/app';
import { PAGE, PEOPLE } from '../sync/support/world';
import { textSlotsOf, type Plausible, type TextSlot } from './schema-sweep';
import { arbitraryText, tableCounts } from './text-arbitraries';

/*
 * Issue 30, made impossible to reintroduce: every text position of every query and
 * mutation of the schema (found by walking it, so a field added later is swept too)
 * takes arbitrary Unicode without a 500 or an internal error, and a refused call
 * writes nothing. Hand-picked calls with realistic inputs: text-properties.test.ts.
 */
const dialects = await dialectsUnderTest();
const RUNS = 6;

describe.each(dialects)('every text argument of the GraphQL schema (%s)', (dialect) => {
  let live: LiveApp;
  let ann: Session;
  let groupId = '';
  let messageId = '';
  let counter = 0;
  const fresh = () => `sweep-${String((counter += 1))}`;

  const plausible: Plausible = {
    text: (name) => {
      if (/^thread_(id|fbid)$/.test(name)) return groupId;
      if (name === 'message_id') return messageId;
      if (/^(person|participant|recipient|user)_ids?$/.test(name)) return PEOPLE.ben;
      if (name === 'page_id') return PAGE;
      if (name === 'offline_threading_id') return fresh();
      if (/query|value/.test(name)) return 'an';
      return 'x';
    },
    argument: (field, arg) => {
      if (field === 'send_message' && arg === 'input') {
        return { thread_id: groupId, text: 'hi', offline_threading_id: fresh() };
      }
      if (field === 'broadcast_message' && arg === 'input') {
        return {
          recipient_ids: [PEOPLE.ben],
          text: 'hi',
          offline_threading_id: fresh(),
          kind: 'broadcast',
        };
      }
      if (field === 'create_group_thread' && arg === 'input') {
        return { participant_ids: [PEOPLE.ben, PEOPLE.cal] };
      }
      return undefined;
    },
  };

  const slots: TextSlot[] = textSlotsOf(buildSchema(), plausible, fresh);

  beforeAll(async () => {
    live = await startLiveApp(dialect);
    ann = await live.session('ann');
    const created = await gql<{ create_group_thread: { thread_id: string } }>(
      live.app,
      ann,
      'mutation($i: CreateGroupThreadInput!) { create_group_thread(input: $i) { thread_id } }',
      { i: { participant_ids: [PEOPLE.ben, PEOPLE.cal] } },
    );
    groupId = created.data?.create_group_thread.thread_id ?? '';
    const sent = await gql<{ send_message: { message: { message_id: string } | null } }>(
      live.app,
      ann,
      'mutation($i: SendMessageInput!) { send_message(input: $i) { message { message_id } } }',
      { i: { thread_id: groupId, text: 'the original', offline_threading_id: fresh() } },
    );
    messageId = sent.data?.send_message.message?.message_id ?? '';
    if (groupId === '' || messageId === '') {
      throw new Error(`setup failed: ${JSON.stringify([created.errors, sent.errors])}`);
    }
  });
  afterAll(async () => {
    await live.dispose();
  });

  it('finds the text positions of the schema (the sweep is not empty)', () => {
    const labels = slots.map((s) => s.label);
    // A few that must be there: if the walk missed them, it misses new ones too.
    expect(labels).toContain('Mutation.send_message(input.text)');
    expect(labels).toContain('Mutation.edit_message(text)');
    expect(labels).toContain('Query.search_profiles(search_query)');
    expect(labels).toContain('Query.typeahead_source(value)');
    expect(slots.length).toBeGreaterThan(40);
  });

  // One test per position: each is small, and a failure names its field.
  it.each(slots.map((slot) => [slot.label, slot] as const))(
    '%s takes arbitrary text without a 500, writing nothing when it refuses',
    async (_label, slot) => {
      // A setup call proves the operation itself is valid: the sweep reaches resolvers…
      const setup = await gql(live.app, ann, slot.operation, slot.variables('x'));
      const setupCodes = setup.errors.map((e) => e.extensions?.code);
      expect(setupCodes, slot.label).not.toContain('GRAPHQL_VALIDATION_FAILED');
      // …and fills every required input around the slot.
      expect(JSON.stringify(setup.errors), slot.label).not.toMatch(/was not provided/);
      await fc.assert(
        fc.asyncProperty(arbitraryText, async (text) => {
          const before = await tableCounts(live.db);
          const answer = await gql(live.app, ann, slot.operation, slot.variables(text));
          const codes = answer.errors.map((e) => e.extensions?.code ?? 'none');
          const where = `${slot.label} ← ${JSON.stringify(text)}`;
          expect(answer.status, where).toBeLessThan(500);
          expect(codes, where).not.toContain('INTERNAL_SERVER_ERROR');
          expect(codes, where).not.toContain('internal');
          if (answer.status >= 400 || codes.length > 0) {
            expect(await tableCounts(live.db), where).toEqual(before);
          }
        }),
        { numRuns: RUNS },
      );
    },
    60_000,
  );
});
