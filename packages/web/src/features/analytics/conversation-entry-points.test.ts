import { describe, expect, it } from 'vitest';
import { ConversationEntryPoints } from './conversation-entry-points';

describe('conversation entry points', () => {
  it('records the surface a conversation shows on, unless an opener said where it came from', () => {
    const points = new ConversationEntryPoints();
    const conversationEntryPoint = (id: string) => points.entryPointOf(id);
    const recordConversationOpened = (id: string, on: Parameters<typeof points.recordOpened>[1]) =>
      points.recordOpened(id, on);
    expect(conversationEntryPoint('t-1')).toBeNull();
    expect(recordConversationOpened('t-1', ['messenger_web_inbox'])).toBe('messenger_web_inbox');
    points.openingFrom(['omnipicker']);
    expect(recordConversationOpened('t-2', ['messenger_web_inbox'])).toBe('omnipicker');
    // The hint is used once.
    expect(recordConversationOpened('t-3', ['chat_tab'])).toBe('chat_tab');
    expect(conversationEntryPoint('t-2')).toBe('omnipicker');
    expect(conversationEntryPoint('t-1')).toBe('messenger_web_inbox');
  });

  it('refuses an entry point that is not one', () => {
    const points = new ConversationEntryPoints();
    expect(() => {
      points.openingFrom(['nowhere' as 'omnipicker']);
    }).toThrow('Unknown entry point: nowhere');
  });
});
