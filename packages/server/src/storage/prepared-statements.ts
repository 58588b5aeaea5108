import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { PREPARED_PAIR, splitPair } from './statement-pair';

/**
 * Named prepared statements on PostgreSQL, for the statements every send
 * batch runs. Kysely sends each query unnamed, so PostgreSQL parses, analyses
 * and plans it every time: for the batch's big statements that was about as
 * much work as running them when a batch holds one or two sends. A statement
 * whose text starts with `PREPARED` is sent under a name derived from its
 * text: each connection parses it once, and after a few runs PostgreSQL may
 * keep a generic plan. Its text must not vary (bind arrays, not lists).
 */
export const PREPARED = '/* prepared */ ';

const names = new Map<string, string>();

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `p_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Marks, like PREPARED, a transaction's last statement, behind which COMMIT is
 * written at once instead of after its answer (the connection pipelines):
 * the transaction's own `commit` then gets that COMMIT's answer. Only for a
 * statement after which nothing in the transaction can fail, since the
 * COMMIT is already on its way. If the statement fails, the COMMIT finds the
 * transaction aborted and PostgreSQL rolls it back.
 */
export const PREPARED_THEN_COMMIT = '/* prepared, then commit */ ';

/** What one pooled connection has written ahead of its caller (see `poolWithPreparedStatements`). */
interface WrittenAhead {
  /** BEGIN, sent without waiting: it travels with the transaction's first statement. */
  begin: Promise<unknown> | undefined;
  /** The COMMIT written behind a PREPARED_THEN_COMMIT statement. */
  commit: Promise<pg.QueryResult> | undefined;
}

const BEGUN = { command: 'BEGIN', rowCount: null, rows: [] };
const pairResult = (first: unknown[], second: unknown[]) => ({
  command: 'SELECT',
  rowCount: 1,
  rows: [{ first, second }],
});
const noop = (): void => undefined;

/**
 * The pool Kysely's PostgresDialect gets: `pool`'s clients, naming marked
 * statements, and saving round trips where the pool's clients pipeline
 * (`pipeline: true`): a transaction's BEGIN goes out with its first
 * statement, and its COMMIT right behind a PREPARED_THEN_COMMIT statement,
 * and a PREPARED_PAIR's two statements go out together (statement-pair.ts). A
 * send batch is then two round trips instead of five; each costs a wake-up
 * of PostgreSQL and of the node, which on a busy machine is most of a
 * message's latency.
 */
export function poolWithPreparedStatements(pool: pg.Pool): PostgresPool {
  // One wrapper per client, so that Kysely, which keys its connections by the
  // client object, finds the same one again.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const ahead: WrittenAhead = { begin: undefined, commit: undefined };
    const sendNamed = (text: string, values: readonly unknown[] | undefined) =>
      client.query({ name: nameOf(text), text, values: values as unknown[] });
    const sendOne = (text: string, values: readonly unknown[] | undefined) =>
      text.startsWith(PREPARED) || text.startsWith(PREPARED_THEN_COMMIT)
        ? sendNamed(text, values)
        : client.query(text, values as unknown[]);
    // A pair's halves are always named, by the texts splitPair keeps: the same
    // strings each batch, so naming them does not hash a new copy every time.
    const sendPair = async (text: string, values: readonly unknown[] = []) => {
      const [first, second] = splitPair(text, values);
      const firstAnswer = sendNamed(first.text, first.values);
      if (!client.pipeline) {
        const rows = (await firstAnswer).rows;
        return pairResult(rows, (await sendNamed(second.text, second.values)).rows);
      }
      const secondAnswer = sendNamed(second.text, second.values);
      // If the first fails, the second fails with it (the transaction is aborted): the first's error is the one to tell.
      secondAnswer.catch(noop);
      const rows = (await firstAnswer).rows;
      return pairResult(rows, (await secondAnswer).rows);
    };
    const send = (text: string, values: readonly unknown[] | undefined) =>
      text.startsWith(PREPARED_PAIR) ? sendPair(text, values) : sendOne(text, values);
    const query = async (text: string, values?: readonly unknown[]): Promise<unknown> => {
      if (!client.pipeline) return send(text, values);
      if (text === 'begin') {
        ahead.begin = client.query('begin');
        ahead.begin.catch(noop);
        return BEGUN;
      }
      if (ahead.commit !== undefined) return endAfterCommit(ahead, text);
      const begin = ahead.begin;
      ahead.begin = undefined;
      const result = send(text, values);
      if (text.startsWith(PREPARED_THEN_COMMIT)) {
        ahead.commit = client.query('commit');
        ahead.commit.catch(noop);
      }
      if (begin !== undefined) {
        try {
          await begin;
        } catch (error) {
          result.catch(noop);
          throw error;
        }
      }
      return result;
    };
    return {
      query: ((textOrCursor: unknown, values?: readonly unknown[]) =>
        typeof textOrCursor === 'string'
          ? query(textOrCursor, values)
          : client.query(
              textOrCursor as string,
              values as unknown[],
            )) as PostgresPoolClient['query'],
      release: () => {
        ahead.begin = undefined;
        ahead.commit = undefined;
        client.release();
      },
    };
  };
  return {
    connect: async () => {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (wrapper === undefined) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

/** The transaction's end after its COMMIT was written: that COMMIT's answer is the end's. */
async function endAfterCommit(ahead: WrittenAhead, text: string): Promise<unknown> {
  const commit = ahead.commit;
  ahead.commit = undefined;
  if (text === 'commit') return commit;
  if (text !== 'rollback')
    throw new Error('a statement after the one that commits its transaction');
  // The statement failed (the COMMIT then rolled back), or the caller gave up after it.
  const answer = await commit?.catch(noop);
  if (answer?.command === 'COMMIT')
    throw new Error('rollback asked for after the transaction committed with its last statement');
  return answer ?? { command: 'ROLLBACK', rowCount: null, rows: [] };
}
