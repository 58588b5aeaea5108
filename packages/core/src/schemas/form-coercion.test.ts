import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formBoolean, formInt, formIntList, formJsonObject, formOptional } from './form-coercion';

describe('form coercion', () => {
  const int = formInt(z.int());
  it.each([
    ['5', 5],
    [' 42 ', 42],
    ['-3', -3],
    [7, 7],
  ])('formInt reads %j as %j', (input, output) => {
    expect(int.parse(input)).toBe(output);
  });

  it.each(['5.5', 'abc', '', '1e3', '0x10'])('formInt leaves %j to fail', (input) => {
    expect(int.safeParse(input).success).toBe(false);
  });

  const bool = formBoolean(z.boolean());
  it.each([
    ['true', true],
    ['1', true],
    ['on', true],
    ['false', false],
    ['0', false],
    ['off', false],
    [true, true],
    [false, false],
  ])('formBoolean reads %j as %j', (input, output) => {
    expect(bool.parse(input)).toBe(output);
  });

  it.each(['yes', 'TRUE', '', 2])('formBoolean leaves %j to fail', (input) => {
    expect(bool.safeParse(input).success).toBe(false);
  });

  const list = formIntList(z.array(z.int()).default([]));
  it.each([
    ['1,2,3', [1, 2, 3]],
    ['7', [7]],
    ['', []],
    ['  ', []],
    [
      ['1', '2'],
      [1, 2],
    ],
    [
      [3, '4'],
      [3, 4],
    ],
    [undefined, []],
  ])('formIntList reads %j as %j', (input, output) => {
    expect(list.parse(input)).toEqual(output);
  });

  it('formIntList reports the bad element by index', () => {
    const result = list.safeParse('1,x');
    expect(result.error?.issues[0]?.path).toEqual([1]);
    expect(list.safeParse(5).success).toBe(false);
  });

  const record = formJsonObject(z.record(z.string(), z.string()).default({}));
  it.each([
    ['{"a":"b"}', { a: 'b' }],
    ['', {}],
    [{ c: 'd' }, { c: 'd' }],
  ])('formJsonObject reads %j', (input, output) => {
    expect(record.parse(input)).toEqual(output);
  });

  it('formJsonObject leaves broken JSON to fail', () => {
    expect(record.safeParse('{a:').success).toBe(false);
  });

  it('formOptional treats an empty input as absent', () => {
    const optional = formOptional(z.string().min(1).optional());
    expect(optional.parse('')).toBeUndefined();
    expect(optional.parse('x')).toBe('x');
    expect(optional.safeParse(' ').success).toBe(true);
  });
});
