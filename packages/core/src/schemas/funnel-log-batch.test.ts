import { describe, expect, it } from 'vitest';
import { formatZodIssue } from './format-issue';
import { FUNNEL_LOG_BATCH_MAX, funnelLogBatchSchema } from './funnel-log-batch';

const sampleRecord = {
  name: 'WWW_MESSENGER_SHARE_FUNNEL',
  instance_id: 'abc',
  start_time: 0,
  tags: [],
  actions: [{ name: 'start', relative_time: 0 }],
  sampling_rate: 1,
  timeout_sec: 600,
  end_reason: 'timeout',
};

const fieldOf = (input: unknown) => {
  const result = funnelLogBatchSchema.safeParse(input);
  return result.success ? null : formatZodIssue(result.error).field;
};
const records = (n: number) => Array.from({ length: n }, () => sampleRecord);

describe('funnelLogBatchSchema', () => {
  it('accepts 1 to 500 records', () => {
    expect(FUNNEL_LOG_BATCH_MAX).toBe(500);
    expect(fieldOf({ batch_id: 'batch-0001', records: records(1) })).toBeNull();
    expect(fieldOf({ batch_id: 'batch-0001', records: records(500) })).toBeNull();
    expect(fieldOf({ batch_id: 'batch-0001', records: records(0) })).toBe('records');
    expect(fieldOf({ batch_id: 'batch-0001', records: records(501) })).toBe('records');
  });

  it.each([
    ['a'.repeat(7), 'batch_id'],
    ['a'.repeat(8), null],
    ['a'.repeat(64), null],
    ['a'.repeat(65), 'batch_id'],
    ['0f8fad5b-d9cb-469f-a165-70867728950e', null],
    ['has space1', 'batch_id'],
  ])('batch_id %j → %j', (batch_id, field) => {
    expect(fieldOf({ batch_id, records: records(1) })).toBe(field);
  });

  it('names the faulty record', () => {
    expect(
      fieldOf({ batch_id: 'batch-0001', records: [sampleRecord, { ...sampleRecord, name: 'X' }] }),
    ).toBe('records[1].name');
  });
});
