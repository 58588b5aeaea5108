import { sql, type RawBuilder } from 'kysely';

/**
 * Two statements of a transaction in one round trip, for PostgreSQL's
 * pipelined connections (prepared-statements.ts): the second must not need
 * the first's answer. Both are written at once; PostgreSQL still runs the
 * second only after the first has finished, under a snapshot of its own, so
 * it sees whatever committed while the first waited for a lock, exactly as
 * if it had been sent after the first's answer. Both are prepared (named).
 *
 * Kysely numbers a query's parameters in order of appearance, so the first
 * statement holds $1..$n and the second $n+1..; the pair is split back into
 * two statements, the second renumbered from $1. Neither may hold a `$`
 * followed by digits other than its parameters (no dollar-quoted text).
 */
export const PREPARED_PAIR = '/* prepared pair */ ';
const SEPARATOR = '\n/* then */\n';

/** What a pair's query answers: one row holding each statement's rows. */
export interface PairRow<A, B> {
  first: A[];
  second: B[];
}

export function preparedPair<A, B>(
  first: RawBuilder<A>,
  second: RawBuilder<B>,
): RawBuilder<PairRow<A, B>> {
  return sql<PairRow<A, B>>`${sql.raw(PREPARED_PAIR)}${first}${sql.raw(SEPARATOR)}${second}`;
}

export interface Statement {
  text: string;
  values: readonly unknown[];
}

const PARAMETER = /\$(\d+)/g;

interface Layout {
  firstText: string;
  secondText: string;
  /** How many of the values are the first statement's. */
  count: number;
}

/** A pair's text never varies (it binds arrays), so each is split and renumbered once. */
const layouts = new Map<string, Layout>();

function layoutOf(text: string): Layout {
  const known = layouts.get(text);
  if (known !== undefined) return known;
  const body = text.slice(PREPARED_PAIR.length);
  const at = body.indexOf(SEPARATOR);
  if (!text.startsWith(PREPARED_PAIR) || at < 0) throw new Error('not a statement pair');
  const firstText = body.slice(0, at);
  let count = 0;
  for (const match of firstText.matchAll(PARAMETER)) count = Math.max(count, Number(match[1]));
  const secondText = body
    .slice(at + SEPARATOR.length)
    .replace(PARAMETER, (_, n: string) => `$${Number(n) - count}`);
  const layout = { firstText, secondText, count };
  layouts.set(text, layout);
  return layout;
}

/** The pair's two statements (texts without the pair's mark). */
export function splitPair(text: string, values: readonly unknown[]): [Statement, Statement] {
  const { firstText, secondText, count } = layoutOf(text);
  return [
    { text: firstText, values: values.slice(0, count) },
    { text: secondText, values: values.slice(count) },
  ];
}
