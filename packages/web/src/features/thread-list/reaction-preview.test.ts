import { describe, expect, it } from 'vitest';
import { reactionPreview } from './reaction-preview';

const thread = (reaction: { actor_id: string; message_sender_id: string; at: number } | null) => ({
  last_reaction: reaction === null ? null : { ...reaction, emoji: '❤️' },
  participants_to_render: [
    { id: '1', name: 'Viewer One', short_name: 'Viewer' },
    { id: '2', name: 'Ann Lee', short_name: 'Ann' },
  ],
});

describe('reactionPreview', () => {
  it("names who reacted to the viewer's message while it is the newest activity", () => {
    expect(
      reactionPreview(thread({ actor_id: '2', message_sender_id: '1', at: 20 }), '1', 10),
    ).toEqual({ name: 'Ann', emoji: '❤️' });
  });

  it("gives way to a newer message, one's own reactions and reactions to others' messages", () => {
    expect(
      reactionPreview(thread({ actor_id: '2', message_sender_id: '1', at: 5 }), '1', 10),
    ).toBeNull();
    expect(
      reactionPreview(thread({ actor_id: '1', message_sender_id: '2', at: 20 }), '1', 10),
    ).toBeNull();
    expect(
      reactionPreview(thread({ actor_id: '2', message_sender_id: '2', at: 20 }), '1', 10),
    ).toBeNull();
    expect(reactionPreview(thread(null), '1', 10)).toBeNull();
  });
});
