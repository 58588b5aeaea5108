export type HighlightDirection = 'up' | 'down' | 'first' | 'last';

/**
 * Next highlighted row. Moving past either end wraps around, as listbox
 * comboboxes commonly do; with nothing highlighted, down starts at the first
 * row and up at the last. A highlight that is no longer shown counts as none.
 */
export function moveHighlight(
  ids: readonly string[],
  current: string | null,
  direction: HighlightDirection,
): string | null {
  const count = ids.length;
  if (count === 0) return null;
  const index = current === null ? -1 : ids.indexOf(current);
  switch (direction) {
    case 'first':
      return ids[0] ?? null;
    case 'last':
      return ids[count - 1] ?? null;
    case 'down':
      return ids[(index + 1) % count] ?? null;
    case 'up':
      return ids[index === -1 ? count - 1 : (index - 1 + count) % count] ?? null;
  }
}
