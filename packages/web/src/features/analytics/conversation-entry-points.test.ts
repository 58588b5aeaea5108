import { describe, expect, it } from 'vitest';
import {
  conversationEntryPoint,
  openingFrom,
  recordConversationOpened,
} from './conversation-entry-points';

describe('conversation entry points', () => {
  it('records the surface a conversation shows on, unless an opener said where it came from', () => {
    expect(conversationEntryPoint('t-1')).toBeNull();
    expect(recordConversationOpened('t-1', ['messenger_web_inbox'])).toBe('messenger_web_inbox');
    openingFrom(['omnipicker']);
    expect(recordConversationOpened('t-2', ['messenger_web_inbox'])).toBe('omnipicker');
    // The hint is used once.
    expect(recordConversationOpened('t-3', ['chat_tab'])).toBe('chat_tab');
    expect(conversationEntryPoint('t-2')).toBe('omnipicker');
    expect(conversationEntryPoint('t-1')).toBe('messenger_web_inbox');
  });

  it('refuses an entry point that is not one', () => {
    expect(() => {
      openingFrom(['nowhere' as 'omnipicker']);
    }).toThrow('Unknown entry point: nowhere');
  });
});
