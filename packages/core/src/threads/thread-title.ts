import { CoreError } from '../errors';
import { participantListText } from './participants';

export const ELLIPSIS = '…';

/**
 * Shortens text to at most maxLength characters, the ellipsis included (seed 5).
 * Length is counted in code points so an emoji is never cut in half; trailing
 * spaces before the ellipsis are dropped ('Ann, Bob…', not 'Ann, …' with a gap).
 */
export function truncateWithEllipsis(text: string, maxLength: number): string {
  if (!Number.isInteger(maxLength) || maxLength < 1) {
    throw new CoreError(
      'invalid_max_length',
      `A maximum length must be a positive integer: ${String(maxLength)}`,
    );
  }
  const chars = Array.from(text);
  if (chars.length <= maxLength) return text;
  return (
    chars
      .slice(0, maxLength - 1)
      .join('')
      .trimEnd() + ELLIPSIS
  );
}

export interface TitleParticipant {
  id: string;
  name: string;
  /** First name; used when several names share the title. */
  shortName?: string | null;
}

export interface ThreadTitleInput {
  /** The group's own name; blank or missing means the title is derived. */
  name?: string | null;
  participants: readonly TitleParticipant[];
  viewerId: string;
  /** Thread custom_nickname map: participant id → nickname. */
  customNicknames?: Readonly<Record<string, string>>;
  maxLength?: number;
}

function nonBlank(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/**
 * Thread title (seed 2, 3, 5). A named thread shows its name. Otherwise the
 * title is built from the other participants (the viewer is left out): one
 * other person shows their full name, several show short names joined as the
 * participant list text ('Ann, Bob, Cat and 2 others'). A custom nickname
 * replaces either form. A thread with only the viewer (a note to self) shows
 * the viewer's own name; a thread with no participants gives ''.
 */
export function threadTitle(input: ThreadTitleInput): string {
  const title = nonBlank(input.name) ?? derivedTitle(input);
  return input.maxLength === undefined ? title : truncateWithEllipsis(title, input.maxLength);
}

function derivedTitle(input: ThreadTitleInput): string {
  const nickname = (p: TitleParticipant): string | null => nonBlank(input.customNicknames?.[p.id]);
  const others = input.participants.filter((p) => p.id !== input.viewerId);
  if (others.length === 0) {
    const viewer = input.participants.find((p) => p.id === input.viewerId);
    return viewer === undefined ? '' : (nickname(viewer) ?? viewer.name);
  }
  if (others.length === 1) {
    const [only] = others as [TitleParticipant];
    return nickname(only) ?? only.name;
  }
  return participantListText(others.map((p) => nickname(p) ?? nonBlank(p.shortName) ?? p.name));
}
