import { describe, expect, it } from 'vitest';
import { embedCommandSchema, embedEventSchema, embedMessage, isListedOrigin } from './protocol';

describe('the embedding kit protocol', () => {
  it('reads the host’s commands with the tag and version, and nothing else', () => {
    const open = embedMessage({ type: 'open-conversation', person_id: '1002', name: 'Ann' });
    expect(embedCommandSchema.parse(open)).toEqual(open);
    expect(embedCommandSchema.safeParse({ ...open, source: 'other' }).success).toBe(false);
    expect(embedCommandSchema.safeParse({ ...open, v: 2 }).success).toBe(false);
    expect(embedCommandSchema.safeParse({ ...open, person_id: '../1' }).success).toBe(false);
    expect(
      embedCommandSchema.safeParse(embedMessage({ type: 'set-theme', theme: 'dark' })).success,
    ).toBe(true);
    expect(
      embedCommandSchema.safeParse(embedMessage({ type: 'set-theme', theme: 'neon' })).success,
    ).toBe(false);
    expect(
      embedCommandSchema.safeParse(embedMessage({ type: 'set-language', language: 'fr-CA' }))
        .success,
    ).toBe(true);
    expect(
      embedCommandSchema.safeParse(embedMessage({ type: 'set-language', language: 'x<script>' }))
        .success,
    ).toBe(false);
  });

  it('checks the frame’s events', () => {
    expect(embedEventSchema.safeParse(embedMessage({ type: 'unread', count: 3 })).success).toBe(
      true,
    );
    expect(embedEventSchema.safeParse(embedMessage({ type: 'unread', count: -1 })).success).toBe(
      false,
    );
    expect(
      embedEventSchema.safeParse(embedMessage({ type: 'ready', signed_in: true })).success,
    ).toBe(true);
  });

  it('lists origins exactly; the opaque origin is never listed', () => {
    const listed = ['https://social.example'];
    expect(isListedOrigin('https://social.example', listed)).toBe(true);
    expect(isListedOrigin('https://social.example.evil', listed)).toBe(false);
    expect(isListedOrigin('http://social.example', listed)).toBe(false);
    expect(isListedOrigin('null', ['null'])).toBe(false);
  });
});
