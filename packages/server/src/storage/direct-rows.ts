/**
 * Multi-row statements for `Db.direct` (SQLite): a call into better-sqlite3
 * costs about as much as SQLite's own work for one small row, so hot paths
 * write and look up rows in groups. The statements for 1..ROWS_PER_STATEMENT
 * rows are prepared once each (Db's statement cache).
 */
export const ROWS_PER_STATEMENT = 16;

/** `row` repeated `n` times, comma-separated: `(?, ?), (?, ?)`. */
export const placeholders = (n: number, row: string): string => Array(n).fill(row).join(', ');

/** Runs `each` over `items` in groups of at most ROWS_PER_STATEMENT. */
export function inGroups<T>(items: readonly T[], each: (group: readonly T[]) => void): void {
  for (let i = 0; i < items.length; i += ROWS_PER_STATEMENT) {
    each(items.slice(i, i + ROWS_PER_STATEMENT));
  }
}
