import type { Kysely } from 'kysely';
import type { DialectMigration } from '../dialect-migration';

/**
 * OpenID Connect sign-in (issue 35). `sso_logins`: a sign-in under way, from
 * the redirect to the identity provider until its callback, keyed by the
 * `state` it carries and bound to the browser that started it (a cookie's
 * hash), in the database so that any node may take the callback.
 * `sso_sessions`: which identity-provider session (`sid`, `sub`) each
 * messenger session came from, so a back-channel logout finds it, and the ID
 * token RP-initiated logout hands back as its hint.
 */
export const ssoMigration: DialectMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('sso_logins')
      .addColumn('state', 'text', (c) => c.primaryKey())
      .addColumn('binding_hash', 'text', (c) => c.notNull())
      .addColumn('code_verifier', 'text', (c) => c.notNull())
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('return_to', 'text', (c) => c.notNull())
      .addColumn('silent', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('sso_sessions')
      .addColumn('session_hash', 'text', (c) => c.primaryKey())
      .addColumn('person_id', 'text', (c) => c.notNull())
      .addColumn('sub', 'text', (c) => c.notNull())
      .addColumn('sid', 'text')
      .addColumn('id_token', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sso_sessions_sid').on('sso_sessions').column('sid').execute();
    await db.schema.createIndex('sso_sessions_sub').on('sso_sessions').column('sub').execute();
  },
};
