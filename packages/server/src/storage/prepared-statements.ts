import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

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

/** The pool Kysely's PostgresDialect gets: `pool`'s clients, naming marked statements. */
export function poolWithPreparedStatements(pool: pg.Pool): PostgresPool {
  // One wrapper per client, so that Kysely, which keys its connections by the
  // client object, finds the same one again.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const query = (textOrCursor: unknown, values?: readonly unknown[]): unknown => {
      if (typeof textOrCursor === 'string' && textOrCursor.startsWith(PREPARED)) {
        return client.query({
          name: nameOf(textOrCursor),
          text: textOrCursor,
          values: values as unknown[],
        });
      }
      return client.query(textOrCursor as string, values as unknown[]);
    };
    return {
      query: query as PostgresPoolClient['query'],
      release: () => {
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
