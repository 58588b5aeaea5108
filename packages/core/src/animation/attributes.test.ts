import { describe, expect, it } from 'vitest';
import { CoreError } from '../errors';
import {
  ANIMATION_ATTRIBUTES,
  assertAnimationAttribute,
  interpolateAnimationValue,
  isAnimationAttribute,
  normalizeAnimationValue,
} from './attributes';

function errorOf(run: () => unknown): CoreError {
  try {
    run();
  } catch (error) {
    if (error instanceof CoreError) return error;
  }
  throw new Error('expected a CoreError');
}

describe('animation attributes', () => {
  it('supports the fixed set', () => {
    expect(Object.keys(ANIMATION_ATTRIBUTES).sort()).toEqual(
      [
        'opacity',
        'width',
        'height',
        'top',
        'left',
        'right',
        'bottom',
        'margin',
        'marginTop',
        'marginRight',
        'marginBottom',
        'marginLeft',
        'padding',
        'paddingTop',
        'paddingRight',
        'paddingBottom',
        'paddingLeft',
        'backgroundColor',
        'color',
        'borderColor',
        'scrollTop',
        'scrollLeft',
      ].sort(),
    );
    expect(assertAnimationAttribute('opacity')).toBe('opacity');
  });

  it.each([['fontSize'], ['transform'], ['toString'], ['constructor'], ['Opacity'], ['']])(
    'refuses %j with the seed message',
    (name) => {
      expect(isAnimationAttribute(name)).toBe(false);
      const error = errorOf(() => assertAnimationAttribute(name));
      expect(error.code).toBe('unsupported_animation_attribute');
      expect(error.message).toBe(`${name} is not a supported attribute!`);
    },
  );

  it('names the attribute exactly', () => {
    expect(() => normalizeAnimationValue('zIndex', 1)).toThrow(
      'zIndex is not a supported attribute!',
    );
  });
});

describe('normalizeAnimationValue', () => {
  it('gives unitless lengths the default unit px', () => {
    expect(normalizeAnimationValue('width', 10)).toEqual({ kind: 'number', value: 10, unit: 'px' });
    expect(normalizeAnimationValue('marginTop', '-4.5')).toEqual({
      kind: 'number',
      value: -4.5,
      unit: 'px',
    });
    expect(normalizeAnimationValue('height', '0')).toEqual({
      kind: 'number',
      value: 0,
      unit: 'px',
    });
  });

  it.each([
    ['10px', 'px'],
    ['50%', '%'],
    ['2em', 'em'],
    ['1.5rem', 'rem'],
    ['10vw', 'vw'],
    ['10VH', 'vh'],
  ])('keeps the unit of %j', (value, unit) => {
    expect(normalizeAnimationValue('left', value)).toMatchObject({ kind: 'number', unit });
  });

  it.each([['10pt'], ['px'], ['ten'], ['1 0px'], [''], [Number.NaN], [Number.POSITIVE_INFINITY]])(
    'refuses the length %j',
    (value) => {
      expect(errorOf(() => normalizeAnimationValue('top', value)).code).toBe(
        'invalid_animation_value',
      );
    },
  );

  it('clamps opacity to 0-1 at the boundaries', () => {
    const opacity = (value: string | number) => normalizeAnimationValue('opacity', value);
    expect(opacity(0)).toEqual({ kind: 'number', value: 0, unit: '' });
    expect(opacity(1)).toEqual({ kind: 'number', value: 1, unit: '' });
    expect(opacity(1.01)).toEqual({ kind: 'number', value: 1, unit: '' });
    expect(opacity(-0.01)).toEqual({ kind: 'number', value: 0, unit: '' });
    expect(opacity('0.5')).toEqual({ kind: 'number', value: 0.5, unit: '' });
    expect(errorOf(() => opacity('50%')).code).toBe('invalid_animation_value');
  });

  it('keeps scroll offsets in px', () => {
    expect(normalizeAnimationValue('scrollTop', 120)).toEqual({
      kind: 'number',
      value: 120,
      unit: 'px',
    });
    expect(normalizeAnimationValue('scrollLeft', '8px')).toMatchObject({ value: 8, unit: 'px' });
    expect(errorOf(() => normalizeAnimationValue('scrollTop', '10%')).message).toBe(
      "'10%' is not a valid value for scrollTop.",
    );
  });

  it('parses colours for colour attributes', () => {
    expect(normalizeAnimationValue('backgroundColor', '#fff')).toEqual({
      kind: 'color',
      color: { r: 255, g: 255, b: 255, a: 1 },
    });
    expect(normalizeAnimationValue('borderColor', 'rgb(300, 0, 0)')).toEqual({
      kind: 'color',
      color: { r: 255, g: 0, b: 0, a: 1 },
    });
    expect(() => normalizeAnimationValue('color', 'red')).toThrow(
      'Named color attributes are not supported.',
    );
    expect(errorOf(() => normalizeAnimationValue('color', 255)).code).toBe(
      'invalid_animation_value',
    );
  });
});

describe('interpolateAnimationValue', () => {
  it('mixes numbers of the same unit', () => {
    const from = normalizeAnimationValue('width', 0);
    const to = normalizeAnimationValue('width', '100px');
    expect(interpolateAnimationValue(from, to, 0.25)).toEqual({
      kind: 'number',
      value: 25,
      unit: 'px',
    });
  });

  it('mixes colours', () => {
    const from = normalizeAnimationValue('color', '#000');
    const to = normalizeAnimationValue('color', '#fff');
    expect(interpolateAnimationValue(from, to, 1)).toEqual(to);
  });

  it('refuses mixed units or kinds', () => {
    const px = normalizeAnimationValue('width', 0);
    const percent = normalizeAnimationValue('width', '50%');
    const color = normalizeAnimationValue('color', '#000');
    for (const [from, to] of [
      [px, percent],
      [px, color],
      [color, px],
    ] as const) {
      expect(errorOf(() => interpolateAnimationValue(from, to, 0.5)).code).toBe(
        'incompatible_animation_values',
      );
    }
  });
});
