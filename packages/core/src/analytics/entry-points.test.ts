import { describe, expect, it } from 'vitest';
import { CoreError } from '../errors';
import {
  ENTRY_POINTS,
  entryPointSchema,
  entryPointTag,
  isEntryPoint,
  joinEntryPoint,
  parseEntryPoint,
} from './entry-points';
import type { EntryPointPath } from './entry-points';

describe('entry points', () => {
  it('includes the seed entry points and the messenger surfaces', () => {
    for (const name of [
      'fb_header_dock',
      'messenger_search',
      'fb_page',
      'fb_groups',
      'customer_chat_plugin',
      'messenger_web',
      'messenger_web_inbox',
      'chat_sidebar',
      'chat_tab',
      'omnipicker',
      'group_creation',
      'broadcast',
      'share',
      'work_chat',
    ]) {
      expect(isEntryPoint(name)).toBe(true);
    }
    expect(new Set(ENTRY_POINTS).size).toBe(ENTRY_POINTS.length);
  });

  it('joins sub-points with a colon and tags with entrypoint:', () => {
    expect(joinEntryPoint(['fb_header_dock'])).toBe('fb_header_dock');
    expect(joinEntryPoint(['fb_header_dock', 'search'])).toBe('fb_header_dock:search');
    expect(entryPointTag(['fb_header_dock', 'search'])).toBe('entrypoint:fb_header_dock:search');
    expect(entryPointTag(['messenger_search', 'a', 'b'])).toBe('entrypoint:messenger_search:a:b');
  });

  it.each([
    [['not_a_root'], 'Unknown entry point: not_a_root'],
    [['FB_HEADER_DOCK'], 'Unknown entry point: FB_HEADER_DOCK'],
    [['fb_page', ''], 'Invalid entry sub-point: ""'],
    [['fb_page', 'a:b'], 'Invalid entry sub-point: "a:b"'],
    [['fb_page', 'a b'], 'Invalid entry sub-point: "a b"'],
  ])('refuses %j', (path, message) => {
    expect(() => entryPointTag(path as unknown as EntryPointPath)).toThrow(
      new CoreError('invalid_entry_point', message),
    );
  });

  it('refuses an empty path', () => {
    expect(() => joinEntryPoint([] as unknown as EntryPointPath)).toThrow('Unknown entry point: ');
  });

  it('parses a joined entry point back', () => {
    expect(parseEntryPoint('fb_groups:composer:x')).toEqual(['fb_groups', 'composer', 'x']);
    expect(parseEntryPoint('fb_groups')).toEqual(['fb_groups']);
    expect(parseEntryPoint('unknown:x')).toBeNull();
    expect(parseEntryPoint('fb_groups:')).toBeNull();
  });

  it('validates a known root in the schema', () => {
    expect(entryPointSchema.parse('customer_chat_plugin:x')).toBe('customer_chat_plugin:x');
    const result = entryPointSchema.safeParse('nowhere:x');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Unknown entry point: nowhere');
    expect(entryPointSchema.safeParse('fb_page::x').success).toBe(false);
    expect(entryPointSchema.safeParse('').success).toBe(false);
    expect(entryPointSchema.safeParse(42).success).toBe(false);
  });
});
