import type { ThreadTitleData } from '../thread-list/thread-rows';

/** One participant as the header and the settings dialog show them. */
export interface ThreadPerson {
  id: string;
  /** Their own name. */
  name: string;
  /** The thread's custom nickname for them, or null. */
  nickname: string | null;
  /** What the thread shows for them: the nickname when set, else the name. */
  shown: string;
  /** Their picture (network file `picture`), or null for a generated face. */
  picture: string | null;
}

/** The custom_nickname JSON map (participant id → nickname), keeping only non-blank strings. */
export function nicknameMap(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  const out: Record<string, string> = {};
  for (const [id, nickname] of Object.entries(value)) {
    if (typeof nickname === 'string' && nickname.trim() !== '') out[id] = nickname.trim();
  }
  return out;
}

/** Every participant of the thread in the server's order, nicknames applied. */
export function threadPeople(thread: ThreadTitleData): ThreadPerson[] {
  const nicknames = nicknameMap(thread.custom_nickname);
  const out: ThreadPerson[] = [];
  for (const p of thread.participants_to_render) {
    if (p.id === undefined || p.name === undefined) continue;
    const nickname = nicknames[p.id] ?? null;
    out.push({
      id: p.id,
      name: p.name,
      nickname,
      shown: nickname ?? p.name,
      picture: p.profile_picture?.uri ?? null,
    });
  }
  return out;
}

/** Up to two initials of a name, for a face without a picture ('Ann Lee' → 'AL'). */
export { avatarInitials as initialsOf } from '@messenger/core';
