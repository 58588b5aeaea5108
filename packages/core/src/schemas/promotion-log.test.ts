import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { formatZodIssue } from './format-issue';
import {
  PROMOTION_LOG_LIMITS,
  QP_ACTIONS,
  promotionLogFormSchema,
  promotionLogSchema,
} from './promotion-log';
import type { PromotionLogParams } from './promotion-log';

const fieldOf = (input: unknown, schema: z.ZodType = promotionLogSchema) => {
  const result = schema.safeParse(input);
  return result.success ? null : formatZodIssue(result.error).field;
};

describe('promotionLogSchema', () => {
  it('accepts the minimum and fills the defaults', () => {
    expect(promotionLogSchema.parse({ qp_id: 1, qp_action: 'view' })).toEqual({
      qp_id: 1,
      qp_action: 'view',
      qp_instance_log_data: {},
    });
  });

  it('keeps every field', () => {
    const params = {
      qp_id: 123,
      qp_action: 'dismiss',
      qp_instance_log_data: { surface: 'sidebar' },
      qp_event: 'close_button',
    };
    expect(promotionLogSchema.parse(params)).toEqual(params);
  });

  it('requires qp_id', () => {
    expect(fieldOf({ qp_action: 'view' })).toBe('qp_id');
  });

  it.each([0, -1, 1.5, '5', Number.MAX_SAFE_INTEGER + 1])('refuses qp_id %j', (qp_id) => {
    expect(fieldOf({ qp_id, qp_action: 'view' })).toBe('qp_id');
  });

  it('offers view, primary, secondary and dismiss', () => {
    expect(QP_ACTIONS).toEqual(['view', 'primary', 'secondary', 'dismiss']);
    for (const qp_action of QP_ACTIONS) {
      expect(fieldOf({ qp_id: 1, qp_action })).toBeNull();
    }
    expect(fieldOf({ qp_id: 1, qp_action: 'click' })).toBe('qp_action');
    expect(fieldOf({ qp_id: 1 })).toBe('qp_action');
  });

  it('accepts a string-to-string log data map only', () => {
    expect(fieldOf({ qp_id: 1, qp_action: 'view', qp_instance_log_data: { a: 1 } })).toBe(
      'qp_instance_log_data.a',
    );
    expect(fieldOf({ qp_id: 1, qp_action: 'view', qp_instance_log_data: { '': 'x' } })).toBe(
      'qp_instance_log_data[""]',
    );
  });

  it(`caps log data at ${PROMOTION_LOG_LIMITS.maxLogDataEntries} entries`, () => {
    const data = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 'v']));
    const max = PROMOTION_LOG_LIMITS.maxLogDataEntries;
    expect(fieldOf({ qp_id: 1, qp_action: 'view', qp_instance_log_data: data(max) })).toBeNull();
    expect(fieldOf({ qp_id: 1, qp_action: 'view', qp_instance_log_data: data(max + 1) })).toBe(
      'qp_instance_log_data',
    );
  });

  it('bounds qp_event between 1 and 100 characters', () => {
    const withEvent = (qp_event: string) => ({ qp_id: 1, qp_action: 'view', qp_event });
    expect(fieldOf(withEvent('a'))).toBeNull();
    expect(fieldOf(withEvent('a'.repeat(100)))).toBeNull();
    expect(fieldOf(withEvent(''))).toBe('qp_event');
    expect(fieldOf(withEvent('a'.repeat(101)))).toBe('qp_event');
  });
});

describe('promotionLogFormSchema', () => {
  it('reads a posted form', () => {
    expect(
      promotionLogFormSchema.parse({
        qp_id: '5',
        qp_action: 'primary',
        qp_instance_log_data: '{"k":"v"}',
        qp_event: '',
      }),
    ).toEqual({ qp_id: 5, qp_action: 'primary', qp_instance_log_data: { k: 'v' } });
  });

  it('defaults the log data when the field is missing', () => {
    expect(promotionLogFormSchema.parse({ qp_id: '5', qp_action: 'view' })).toEqual({
      qp_id: 5,
      qp_action: 'view',
      qp_instance_log_data: {},
    });
  });

  it('still refuses a non-integer qp_id', () => {
    expect(fieldOf({ qp_id: '5.5', qp_action: 'view' }, promotionLogFormSchema)).toBe('qp_id');
    expect(fieldOf({ qp_id: '0', qp_action: 'view' }, promotionLogFormSchema)).toBe('qp_id');
  });

  it('the strict schema does not coerce', () => {
    expect(fieldOf({ qp_id: '5', qp_action: 'view' })).toBe('qp_id');
  });
});

it('the form variant yields the strict type', () => {
  expectTypeOf<z.output<typeof promotionLogFormSchema>>().toEqualTypeOf<PromotionLogParams>();
});
