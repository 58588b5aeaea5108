import { describe, expect, it } from 'vitest';
import { CoreError } from '../errors';
import {
  backgroundImagePosition,
  formatBackgroundPosition,
  parseBackgroundPosition,
} from './background-position';

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof CoreError) return error.code;
    throw error;
  }
  return undefined;
}

describe('parseBackgroundPosition', () => {
  it.each([
    ['10px 50%', { x: { value: 10, unit: 'px' }, y: { value: 50, unit: '%' } }],
    ['0px 0px', { x: { value: 0, unit: 'px' }, y: { value: 0, unit: 'px' } }],
    ['-5px 12.5%', { x: { value: -5, unit: 'px' }, y: { value: 12.5, unit: '%' } }],
    ['  100%   25px ', { x: { value: 100, unit: '%' }, y: { value: 25, unit: 'px' } }],
  ])('accepts %j', (value, expected) => {
    expect(parseBackgroundPosition(value)).toEqual(expected);
  });

  it.each([
    ['10 20'],
    ['10px 20'],
    ['10 20%'],
    ['center'],
    ['center center'],
    ['left 10px'],
    ['10px'],
    ['10px 20px 30px'],
    [''],
    ['10em 20px'],
    ['10 px 20px'],
    ['.5px 1px'],
    ['10px,20px'],
  ])('refuses %j', (value) => {
    expect(codeOf(() => parseBackgroundPosition(value))).toBe('invalid_background_position');
  });

  it('names the value in the message', () => {
    expect(() => parseBackgroundPosition('center')).toThrow(
      "Background image position must be a px or percent pair: 'center'.",
    );
  });

  it('formats a parsed position back', () => {
    expect(formatBackgroundPosition(parseBackgroundPosition(' 10px   50% '))).toBe('10px 50%');
  });
});

describe('backgroundImagePosition', () => {
  it('returns nothing when neither is set', () => {
    expect(backgroundImagePosition({})).toBeUndefined();
    expect(backgroundImagePosition({ position: undefined, focus: undefined })).toBeUndefined();
  });

  it('uses a valid position', () => {
    expect(backgroundImagePosition({ position: '10px 50%' })).toBe('10px 50%');
    expect(codeOf(() => backgroundImagePosition({ position: 'center' }))).toBe(
      'invalid_background_position',
    );
  });

  it('turns a focus into a percent pair, 0 and 1 included', () => {
    expect(backgroundImagePosition({ focus: { x: 0, y: 1 } })).toBe('0% 100%');
    expect(backgroundImagePosition({ focus: { x: 0.25, y: 0.5 } })).toBe('25% 50%');
  });

  it.each([[{ x: -0.01, y: 0 }], [{ x: 0, y: 1.01 }], [{ x: Number.NaN, y: 0 }]])(
    'refuses a focus outside 0-1: %j',
    (focus) => {
      expect(codeOf(() => backgroundImagePosition({ focus }))).toBe('invalid_background_focus');
    },
  );

  it('refuses position and focus together', () => {
    const run = () => backgroundImagePosition({ position: '10px 50%', focus: { x: 0, y: 0 } });
    expect(codeOf(run)).toBe('background_position_and_focus');
    expect(run).toThrow('Background image position and focus cannot both be set.');
  });
});
