/** What a thread row needs to preview its newest reaction. */
export interface ReactionPreviewData {
  readonly last_reaction?:
    | {
        readonly actor_id: string;
        readonly emoji: string;
        readonly message_sender_id: string;
        readonly at: number;
      }
    | null
    | undefined;
  readonly participants_to_render: ReadonlyArray<{
    readonly id?: string;
    readonly name?: string;
    readonly short_name?: string;
  }>;
}

/**
 * "{name} reacted ❤️ to your message" while someone else's reaction to one of
 * the viewer's messages is the thread's newest activity; null otherwise (a
 * newer message, one's own reaction, a reaction to someone else's message).
 */
export function reactionPreview(
  thread: ReactionPreviewData,
  viewerId: string,
  lastMessageTime: number,
): { name: string; emoji: string } | null {
  const reaction = thread.last_reaction;
  if (reaction == null) return null;
  if (reaction.message_sender_id !== viewerId || reaction.actor_id === viewerId) return null;
  if (reaction.at < lastMessageTime) return null;
  const actor = thread.participants_to_render.find((p) => p.id === reaction.actor_id);
  const name = actor?.short_name ?? actor?.name;
  return name === undefined || name === '' ? null : { name, emoji: reaction.emoji };
}
