import { describe, expect, it } from 'vitest';
import { formatZodIssue } from './format-issue';
import { FUNNEL_RECORD_LIMITS, funnelActionSchema, funnelRecordSchema } from './funnel-record';
import type { FunnelRecordInput } from './funnel-record';

const sampleRecord: FunnelRecordInput = {
  name: 'WWW_MESSENGER_SEARCH_FUNNEL',
  instance_id: 'abc',
  start_time: 1_700_000_000_000,
  tags: ['entrypoint:fb_header_dock'],
  actions: [{ name: 'start', relative_time: 0, tag: null, payload: null }],
  sampling_rate: 1,
  timeout_sec: 600,
  end_reason: 'explicit',
};

const fieldOf = (input: unknown) => {
  const result = funnelRecordSchema.safeParse(input);
  return result.success ? null : formatZodIssue(result.error).field;
};

describe('funnelRecordSchema', () => {
  it('accepts a full record', () => {
    expect(funnelRecordSchema.parse(sampleRecord)).toEqual(sampleRecord);
  });

  it('defaults tags, actions, action tag and payload', () => {
    expect(
      funnelRecordSchema.parse({ ...sampleRecord, tags: undefined, actions: undefined }),
    ).toMatchObject({ tags: [], actions: [] });
    expect(funnelActionSchema.parse({ name: 'a', relative_time: 3 })).toEqual({
      name: 'a',
      relative_time: 3,
      tag: null,
      payload: null,
    });
  });

  it('requires a registered name', () => {
    expect(fieldOf({ ...sampleRecord, name: 'WWW_OTHER_FUNNEL' })).toBe('name');
  });

  it.each(['explicit', 'timeout', 'restart', 'session_end'])('accepts end reason %s', (r) => {
    expect(fieldOf({ ...sampleRecord, end_reason: r })).toBeNull();
  });

  it('refuses cancel as an end reason: cancelled funnels are never logged', () => {
    expect(fieldOf({ ...sampleRecord, end_reason: 'cancel' })).toBe('end_reason');
  });

  it.each([
    [0, 'sampling_rate'],
    [1.01, 'sampling_rate'],
    [0.001, null],
  ])('sampling_rate %j → %j', (sampling_rate, field) => {
    expect(fieldOf({ ...sampleRecord, sampling_rate })).toBe(field);
  });

  it.each([
    [{ timeout_sec: 0 }, 'timeout_sec'],
    [{ timeout_sec: 1 }, null],
    [{ start_time: -1 }, 'start_time'],
    [{ start_time: 0 }, null],
    [{ instance_id: '' }, 'instance_id'],
    [{ instance_id: 'x'.repeat(FUNNEL_RECORD_LIMITS.maxInstanceIdLength) }, null],
    [{ instance_id: 'x'.repeat(FUNNEL_RECORD_LIMITS.maxInstanceIdLength + 1) }, 'instance_id'],
    [{ tags: [''] }, 'tags[0]'],
  ])('%j → %j', (change, field) => {
    expect(fieldOf({ ...sampleRecord, ...change })).toBe(field);
  });

  it('names the faulty action field', () => {
    const actions = [
      { name: 'a', relative_time: 0 },
      { name: 'b', relative_time: -1 },
    ];
    expect(fieldOf({ ...sampleRecord, actions })).toBe('actions[1].relative_time');
    expect(fieldOf({ ...sampleRecord, actions: [{ name: '', relative_time: 0 }] })).toBe(
      'actions[0].name',
    );
  });

  it('caps actions and tags', () => {
    const action = { name: 'a', relative_time: 0 };
    const actions = (n: number) => Array.from({ length: n }, () => action);
    const tags = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`);
    expect(
      fieldOf({ ...sampleRecord, actions: actions(FUNNEL_RECORD_LIMITS.maxActions) }),
    ).toBeNull();
    expect(
      fieldOf({ ...sampleRecord, actions: actions(FUNNEL_RECORD_LIMITS.maxActions + 1) }),
    ).toBe('actions');
    expect(fieldOf({ ...sampleRecord, tags: tags(FUNNEL_RECORD_LIMITS.maxTags) })).toBeNull();
    expect(fieldOf({ ...sampleRecord, tags: tags(FUNNEL_RECORD_LIMITS.maxTags + 1) })).toBe('tags');
  });

  it('takes flat payloads with a bounded number of keys', () => {
    const withPayload = (payload: unknown) => ({
      ...sampleRecord,
      actions: [{ name: 'a', relative_time: 0, payload }],
    });
    const keys = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
    expect(fieldOf(withPayload({ s: 'x', n: 1, b: true, z: null }))).toBeNull();
    expect(fieldOf(withPayload({ nested: { a: 1 } }))).toBe('actions[0].payload.nested');
    expect(fieldOf(withPayload(keys(FUNNEL_RECORD_LIMITS.maxPayloadKeys)))).toBeNull();
    expect(fieldOf(withPayload(keys(FUNNEL_RECORD_LIMITS.maxPayloadKeys + 1)))).toBe(
      'actions[0].payload',
    );
  });
});
