import { z } from 'zod';

/*
 * HTML forms post every field as a string ("qp_id=5", "back_disallowed=true").
 * Each helper wraps a strict schema and converts only strings that
 * unambiguously mean the strict type; anything else is passed through untouched
 * so the strict schema reports it (and its path) as usual. The parsed output is
 * therefore identical to the strict JSON schema's output.
 */

const INTEGER_TEXT = /^\s*-?\d+\s*$/;
const TRUE_TEXT = new Set(['true', '1', 'on']);
const FALSE_TEXT = new Set(['false', '0', 'off']);

function toInt(value: unknown): unknown {
  return typeof value === 'string' && INTEGER_TEXT.test(value) ? Number(value) : value;
}

function toBoolean(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (TRUE_TEXT.has(value)) return true;
  if (FALSE_TEXT.has(value)) return false;
  return value;
}

function toIntList(value: unknown): unknown {
  if (typeof value === 'string') {
    return value.trim() === '' ? [] : value.split(',').map(toInt);
  }
  return Array.isArray(value) ? value.map(toInt) : value;
}

function toJsonObject(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function emptyToUndefined(value: unknown): unknown {
  return value === '' ? undefined : value;
}

/** "5" → 5; "5.5" and "abc" are left for the strict schema to reject. */
export function formInt<T extends z.ZodType>(schema: T) {
  return z.preprocess(toInt, schema);
}

/** "true" | "1" | "on" → true, "false" | "0" | "off" → false. */
export function formBoolean<T extends z.ZodType>(schema: T) {
  return z.preprocess(toBoolean, schema);
}

/** "1,2,3" or ["1", "2"] → [1, 2, 3]; "" → []. */
export function formIntList<T extends z.ZodType>(schema: T) {
  return z.preprocess(toIntList, schema);
}

/** A JSON-encoded object field; "" counts as absent. */
export function formJsonObject<T extends z.ZodType>(schema: T) {
  return z.preprocess(toJsonObject, schema);
}

/** An empty text input counts as absent. */
export function formOptional<T extends z.ZodType>(schema: T) {
  return z.preprocess(emptyToUndefined, schema);
}
