import { describe, expect, it } from 'vitest';
import { FUNNEL } from '../constants';
import { CoreError } from '../errors';
import {
  FUNNEL_NAMES,
  FUNNEL_REGISTRY,
  getFunnelDefinition,
  isFunnelName,
} from './funnel-registry';

describe('funnel registry', () => {
  it('registers the messenger funnels', () => {
    expect(FUNNEL_NAMES).toEqual(
      expect.arrayContaining([
        'WWW_MESSENGER_SEARCH_FUNNEL',
        'WWW_MESSENGER_BROADCAST_SEARCH_FUNNEL',
        'WWW_MESSENGER_GROUP_CREATION_FUNNEL',
        'WWW_MESSENGER_SHARE_FUNNEL',
        'WWW_MESSENGER_OMNIPICKER_FUNNEL',
        'WWW_MESSENGER_CALL_FUNNEL',
        'WWW_MESSENGER_NUX_FUNNEL',
      ]),
    );
  });

  it.each(FUNNEL_NAMES)(
    '%s has a logging id of the seed, a timeout and a sampling rate',
    (name) => {
      const definition = getFunnelDefinition(name);
      expect(definition.name).toBe(name);
      expect(FUNNEL.loggingIds).toContain(definition.loggingId);
      expect(Number.isInteger(definition.timeoutSec)).toBe(true);
      expect(definition.timeoutSec).toBeGreaterThan(0);
      expect(definition.samplingRate).toBeGreaterThan(0);
      expect(definition.samplingRate).toBeLessThanOrEqual(1);
    },
  );

  it('uses the typical 600 s timeout for the search funnel', () => {
    expect(FUNNEL_REGISTRY.WWW_MESSENGER_SEARCH_FUNNEL?.timeoutSec).toBe(600);
  });

  it('uses each of the three logging ids', () => {
    const used = new Set(FUNNEL_NAMES.map((name) => getFunnelDefinition(name).loggingId));
    expect([...used].sort()).toEqual([9500, 9501, 9502]);
  });

  it.each(['WWW_MESSENGER_UNKNOWN_FUNNEL', '', 'toString', 'www_messenger_search_funnel'])(
    'rejects the unregistered name %j with the seed message',
    (name) => {
      expect(() => getFunnelDefinition(name)).toThrow(CoreError);
      expect(() => getFunnelDefinition(name)).toThrow(/^Funnel name not registered\.$/);
      try {
        getFunnelDefinition(name);
      } catch (error) {
        expect((error as CoreError).code).toBe('funnel_not_registered');
      }
      expect(isFunnelName(name)).toBe(false);
    },
  );

  it('looks names up in an injected registry', () => {
    expect(() => getFunnelDefinition('WWW_MESSENGER_SEARCH_FUNNEL', {})).toThrow(
      'Funnel name not registered.',
    );
    expect(isFunnelName('WWW_MESSENGER_SHARE_FUNNEL')).toBe(true);
  });
});
