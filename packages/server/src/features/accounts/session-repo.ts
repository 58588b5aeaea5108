import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../storage/db';
import type { ViewerRow } from './viewer';

/** Idle lifetime: a session unused for 30 days ends; each use pushes it forward. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding costs a write, so it happens at most once an hour per session. */
export const SESSION_REFRESH_AFTER_MS = 60 * 60 * 1000;

export interface SessionRecord {
  idHash: string;
  personId: string;
  csrfToken: string;
  expiresAt: number;
  lastSeenAt: number;
}

export interface NewSession {
  /** Goes into the cookie; only its hash is stored. */
  secret: string;
  csrfToken: string;
  expiresAt: number;
}

export interface LoginCandidate {
  viewer: ViewerRow;
  passwordHash: string;
}

export function hashSessionSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

const randomToken = (): string => randomBytes(32).toString('base64url');

/** The viewer's columns, from people joined with companies. */
const VIEWER_COLUMNS = [
  'people.id as id',
  'people.name as name',
  'people.short_name as short_name',
  'people.username as username',
  'people.account as account',
  'people.company_id as company_id',
  'companies.prefix as company_prefix',
  'people.employee as employee',
  'people.gates as gates',
] as const;

/** A person who may log in with this username (memorialized and deactivated accounts never do). */
export async function findLoginCandidate(db: Db, username: string): Promise<LoginCandidate | null> {
  const row = await db.read((k) =>
    k
      .selectFrom('people')
      .leftJoin('companies', 'companies.id', 'people.company_id')
      .select(VIEWER_COLUMNS)
      .select('people.password_hash as password_hash')
      .where('people.username', '=', username)
      .where('people.memorialized', '=', 0)
      // Deactivated or deleted through SCIM (issue 35): no sign-in.
      .where('people.deactivated', '=', 0)
      .executeTakeFirst(),
  );
  if (row === undefined) return null;
  const { password_hash: passwordHash, ...viewer } = row;
  return { viewer, passwordHash };
}

export async function createSession(db: Db, personId: string, now: number): Promise<NewSession> {
  const secret = randomToken();
  const csrfToken = randomToken();
  const expiresAt = now + SESSION_TTL_MS;
  await db.transact(async (trx) => {
    // Housekeeping where it is cheap: this person's dead sessions.
    await trx
      .deleteFrom('sessions')
      .where('person_id', '=', personId)
      .where('expires_at', '<=', now)
      .execute();
    await trx
      .insertInto('sessions')
      .values({
        id_hash: hashSessionSecret(secret),
        person_id: personId,
        csrf_token: csrfToken,
        created_at: now,
        expires_at: expiresAt,
        last_seen_at: now,
      })
      .execute();
  });
  return { secret, csrfToken, expiresAt };
}

/** The live session behind a cookie secret, with its person; null when expired or unknown. */
export async function findSession(
  db: Db,
  secret: string,
  now: number,
): Promise<{ session: SessionRecord; viewer: ViewerRow } | null> {
  const idHash = hashSessionSecret(secret);
  const row = await db.read((k) =>
    k
      .selectFrom('sessions')
      .innerJoin('people', 'people.id', 'sessions.person_id')
      .leftJoin('companies', 'companies.id', 'people.company_id')
      .select(VIEWER_COLUMNS)
      .select([
        'sessions.csrf_token as csrf_token',
        'sessions.expires_at as expires_at',
        'sessions.last_seen_at as last_seen_at',
      ])
      .where('sessions.id_hash', '=', idHash)
      .where('sessions.expires_at', '>', now)
      .where('people.memorialized', '=', 0)
      .where('people.deactivated', '=', 0)
      .executeTakeFirst(),
  );
  if (row === undefined) return null;
  const { csrf_token, expires_at, last_seen_at, ...viewer } = row;
  return {
    session: {
      idHash,
      personId: viewer.id,
      csrfToken: csrf_token,
      expiresAt: expires_at,
      lastSeenAt: last_seen_at,
    },
    viewer,
  };
}

/** Slides the expiry forward; returns the new expiry, or null when no write was due. */
export async function touchSession(
  db: Db,
  session: SessionRecord,
  now: number,
): Promise<number | null> {
  if (now - session.lastSeenAt < SESSION_REFRESH_AFTER_MS) return null;
  const expiresAt = now + SESSION_TTL_MS;
  await db.transact((trx) =>
    trx
      .updateTable('sessions')
      .set({ last_seen_at: now, expires_at: expiresAt })
      .where('id_hash', '=', session.idHash)
      .execute(),
  );
  return expiresAt;
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.transact((trx) => trx.deleteFrom('sessions').where('id_hash', '=', idHash).execute());
}
