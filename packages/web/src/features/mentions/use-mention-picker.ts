import { insertMention, mentionCandidates, mentionQueryAt, type Mention } from '@messenger/core';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';

export interface Mentionable {
  id: string;
  /** As the thread shows them (nickname or name): what the mention writes. */
  name: string;
}

export interface MentionPicker {
  open: boolean;
  candidates: readonly Mentionable[];
  active: number;
  listboxId: string;
  optionId: (index: number) => string;
  /** Handles the listbox's keys; true when the key was for it. */
  onKeyDown: (event: KeyboardEvent) => boolean;
  pick: (person: Mentionable) => void;
  /** The caret moved (typing, clicks, arrows): the query follows it. */
  setCaret: (caret: number) => void;
}

/**
 * The `@` listbox of a group's composer (issue 33, item 7): the query the
 * caret is in, the members core's triage ranks for it, the option the arrow
 * keys move to. Enter or Tab picks, Escape closes until the query changes.
 * The focus stays in the text field (aria-activedescendant names the option).
 */
export function useMentionPicker(
  people: readonly Mentionable[],
  viewerId: string,
  text: string,
  mentions: readonly Mention[],
  onPicked: (next: { text: string; mentions: Mention[]; caret: number }) => void,
): MentionPicker {
  const listboxId = useId();
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const query = people.length === 0 ? null : mentionQueryAt(text, Math.min(caret, text.length));
  const queryText = query?.query ?? null;
  const candidates = useMemo(
    () => (queryText === null ? [] : mentionCandidates(queryText, people, viewerId)),
    [queryText, people, viewerId],
  );
  const queryKey = query === null ? null : `${String(query.start)}:${query.query}`;
  const open = query !== null && candidates.length > 0 && dismissed !== queryKey;
  const current = Math.min(active, Math.max(0, candidates.length - 1));

  const pick = (person: Mentionable): void => {
    if (query === null) return;
    setActive(0);
    onPicked(insertMention(text, mentions, query.start, caret, person));
  };

  const onKeyDown = (event: KeyboardEvent): boolean => {
    if (!open) return false;
    switch (event.key) {
      case 'ArrowDown':
        setActive((current + 1) % candidates.length);
        return true;
      case 'ArrowUp':
        setActive((current - 1 + candidates.length) % candidates.length);
        return true;
      case 'Enter':
      case 'Tab': {
        if (event.shiftKey) return false;
        const person = candidates[current];
        if (person !== undefined) pick(person);
        return true;
      }
      case 'Escape':
        setDismissed(queryKey);
        return true;
      default:
        return false;
    }
  };

  return {
    open,
    candidates,
    active: current,
    listboxId,
    optionId: (index) => `${listboxId}-option-${String(index)}`,
    onKeyDown,
    pick,
    setCaret: (next) => {
      if (next !== caret) setActive(0);
      setCaret(next);
    },
  };
}
