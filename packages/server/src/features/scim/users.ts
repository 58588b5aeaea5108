import { hash } from '@node-rs/argon2';
import {
  SCIM_SCHEMAS,
  applyScimPatch,
  flattenName,
  scimPatchSchema,
  scimUserInputSchema,
  type PatchTarget,
  type ScimListQuery,
  type ScimUserInput,
} from '@messenger/core';
import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../storage/database';
import { endSessions } from '../accounts/end-sessions';
import { newThreadId } from '../messaging/ids';
import { commitWithDeltas, type DeltaSink } from '../sync/commit';
import { ARGON2_OPTIONS } from '../network/password-hashes';
import {
  checkIfMatch,
  filterCondition,
  listResponse,
  timestamps,
  withMeta,
  writable,
} from './resource';
import { parseScim, scimError, scimNotFound } from './scim-error';

/**
 * SCIM Users are the network's people. userName is the sign-in name,
 * displayName (or the name's parts) the name everyone sees, `active: false`
 * deactivates: no sign-in, every session ended on every node at once.
 * Attributes the messenger has no column for (the name's parts, emails,
 * title...) are kept in scim_resources only to be given back.
 */
export const USER_PATCH_TARGET: PatchTarget = {
  attributes: [
    'userName',
    'externalId',
    'name',
    'displayName',
    'nickName',
    'userType',
    'preferredLanguage',
    'locale',
    'title',
    'emails',
    'active',
    'password',
  ],
  multiValued: ['emails'],
  readOnly: ['id', 'meta', 'groups'],
};

const KEPT = ['name', 'nickName', 'userType', 'preferredLanguage', 'locale', 'title', 'emails'];

interface UserRow {
  id: string;
  username: string;
  name: string;
  deactivated: number;
  external_id: string | null;
  attributes: string | null;
  created_at: number | null;
  updated_at: number | null;
}

function userQuery(k: Kysely<Database>) {
  return k
    .selectFrom('people')
    .leftJoin('scim_resources', (join) =>
      join
        .onRef('scim_resources.id', '=', 'people.id')
        .on('scim_resources.resource_type', '=', 'User'),
    )
    .where('people.deactivated', '<', 2);
}

const USER_COLUMNS = [
  'people.id as id',
  'people.username as username',
  'people.name as name',
  'people.deactivated as deactivated',
  'scim_resources.external_id as external_id',
  'scim_resources.attributes as attributes',
  'scim_resources.created_at as created_at',
  'scim_resources.updated_at as updated_at',
] as const;

async function readUser(k: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  if (!/^\d{1,32}$/.test(id)) return undefined;
  return userQuery(k).select(USER_COLUMNS).where('people.id', '=', id).executeTakeFirst();
}

function parseKept(text: string | null): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text ?? '{}');
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function toScimUser(row: UserRow, baseUrl: string): Record<string, unknown> {
  const kept = parseKept(row.attributes);
  const representation: Record<string, unknown> = {
    schemas: [SCIM_SCHEMAS.user],
    id: row.id,
    ...(row.external_id === null ? {} : { externalId: row.external_id }),
    userName: row.username,
    name: kept.name ?? { formatted: row.name },
    displayName: row.name,
    ...Object.fromEntries(
      KEPT.filter((key) => key !== 'name' && key in kept).map((k) => [k, kept[k]]),
    ),
    active: row.deactivated === 0,
  };
  return withMeta(representation, {
    resourceType: 'User',
    location: `${baseUrl}/scim/v2/Users/${row.id}`,
    ...timestamps(row.created_at, row.updated_at),
  });
}

/** The name everyone sees, and the short one the sidebar and tabs use. */
function namesOf(input: ScimUserInput): { name: string; short: string } {
  const parts = [input.name?.givenName, input.name?.familyName].filter(
    (p): p is string => p !== undefined && p.trim() !== '',
  );
  const name =
    input.displayName ??
    input.name?.formatted?.trim() ??
    (parts.length > 0 ? parts.join(' ') : input.userName);
  const short = input.name?.givenName?.trim() || name.split(/\s+/)[0] || name;
  return { name, short };
}

async function userNameTaken(
  k: Kysely<Database>,
  userName: string,
  except?: string,
): Promise<boolean> {
  let query = k
    .selectFrom('people')
    .select('id')
    .where(sql<boolean>`lower(username) = ${userName.toLowerCase()}`);
  if (except !== undefined) query = query.where('id', '<>', except);
  return (await query.executeTakeFirst()) !== undefined;
}

const taken = () => scimError(409, 'userName is already taken.', 'uniqueness');

function keptOf(input: ScimUserInput): string {
  const record = input as Record<string, unknown>;
  return JSON.stringify(
    Object.fromEntries(KEPT.filter((k) => record[k] !== undefined).map((k) => [k, record[k]])),
  );
}

/**
 * The person's friends and contacts hear a graph_changed delta: their open
 * sidebars read themselves again and show the person deactivated (or back,
 * or gone).
 */
async function tellFriends(trx: Kysely<Database>, sink: DeltaSink, id: string): Promise<void> {
  const friends = await trx
    .selectFrom('friendships')
    .select('friend_id as other')
    .where('person_id', '=', id)
    .execute();
  const contacts = await trx
    .selectFrom('contacts')
    .select('contact_id as other')
    .where('person_id', '=', id)
    .execute();
  const others = new Set([...friends, ...contacts].map((r) => r.other));
  for (const userId of others) {
    sink.add({ userId, delta: { kind: 'graph_changed', aspects: ['friends'] } });
  }
}

export class ScimUsers {
  constructor(
    private readonly ctx: AppContext,
    private readonly baseUrl: string,
  ) {}

  async get(id: string): Promise<Record<string, unknown>> {
    const row = await this.ctx.db.read((k) => readUser(k, id));
    if (row === undefined) throw scimNotFound('User', id);
    return toScimUser(row, this.baseUrl);
  }

  async list(query: ScimListQuery): Promise<Record<string, unknown>> {
    const condition = filterCondition(
      query.filter,
      {
        userName: { text: sql.ref('people.username') },
        displayName: { text: sql.ref('people.name') },
        externalId: { text: sql.ref('scim_resources.external_id') },
        id: { text: sql.ref('people.id') },
        active: { active: true },
      },
      sql.ref('people.deactivated'),
    );
    return this.ctx.db.read(async (k) => {
      let base = userQuery(k);
      if (condition !== null) base = base.where(condition);
      const counted = await base
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirst();
      const rows =
        query.count === 0
          ? []
          : await base
              .select(USER_COLUMNS)
              .orderBy('people.id')
              .limit(query.count)
              .offset(query.startIndex - 1)
              .execute();
      return listResponse(
        query,
        Number(counted?.n ?? 0),
        rows.map((row) => toScimUser(row, this.baseUrl)),
      );
    });
  }

  async create(raw: unknown): Promise<Record<string, unknown>> {
    const input = parseScim(scimUserInputSchema, raw);
    const now = this.ctx.clock.now();
    const passwordHash =
      input.password === undefined ? '' : await hash(input.password, ARGON2_OPTIONS);
    const { name, short } = namesOf(input);
    const id = newThreadId(now);
    await this.ctx.db.transact(async (trx) => {
      if (await userNameTaken(trx, input.userName)) throw taken();
      await trx
        .insertInto('people')
        .values({
          id,
          name,
          short_name: short,
          name_flat: flattenName(name),
          username: input.userName,
          password_hash: passwordHash,
          account: input.userType?.toLowerCase() === 'work' ? 'work' : 'personal',
          company_id: null,
          employee: 0,
          messenger_only: 0,
          memorialized: 0,
          instagram: 0,
          birth_day: null,
          birth_month: null,
          birth_year: null,
          picture: null,
          can_receive_money: 0,
          gates: '[]',
          deactivated: input.active === false ? 1 : 0,
        })
        .execute();
      await trx
        .insertInto('scim_resources')
        .values({
          resource_type: 'User',
          id,
          external_id: input.externalId ?? null,
          attributes: keptOf(input),
          created_at: now,
          updated_at: now,
        })
        .execute();
    });
    return this.get(id);
  }

  /** PUT: the given attributes replace the stored ones; `active` and `password` left out stay as they were. */
  async replace(
    id: string,
    raw: unknown,
    ifMatch: string | undefined,
  ): Promise<Record<string, unknown>> {
    const input = parseScim(scimUserInputSchema, raw);
    const passwordHash =
      input.password === undefined ? null : await hash(input.password, ARGON2_OPTIONS);
    const now = this.ctx.clock.now();
    const { name, short } = namesOf(input);
    const deactivating = await commitWithDeltas(this.ctx, async (trx, sink) => {
      const row = await readUser(trx, id);
      if (row === undefined) throw scimNotFound('User', id);
      checkIfMatch(ifMatch, (toScimUser(row, this.baseUrl).meta as { version: string }).version);
      if (await userNameTaken(trx, input.userName, id)) throw taken();
      const deactivated = input.active === undefined ? row.deactivated : input.active ? 0 : 1;
      await trx
        .updateTable('people')
        .set({
          name,
          short_name: short,
          name_flat: flattenName(name),
          username: input.userName,
          deactivated,
          ...(passwordHash === null ? {} : { password_hash: passwordHash }),
        })
        .where('id', '=', id)
        .execute();
      await trx
        .insertInto('scim_resources')
        .values({
          resource_type: 'User',
          id,
          external_id: input.externalId ?? null,
          attributes: keptOf(input),
          created_at: row.created_at ?? now,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc.columns(['resource_type', 'id']).doUpdateSet({
            external_id: input.externalId ?? null,
            attributes: keptOf(input),
            updated_at: now,
          }),
        )
        .execute();
      if (row.deactivated !== deactivated) await tellFriends(trx, sink, id);
      return row.deactivated === 0 && deactivated === 1;
    });
    if (deactivating) await endSessions(this.ctx, { userIds: [id] });
    return this.get(id);
  }

  /** PATCH: the operations applied to the current representation, then written as a PUT. */
  async patch(
    id: string,
    raw: unknown,
    ifMatch: string | undefined,
  ): Promise<Record<string, unknown>> {
    const { Operations } = parseScim(scimPatchSchema, raw);
    const current = await this.get(id);
    checkIfMatch(ifMatch, (current.meta as { version: string }).version);
    const applied = applyScimPatch(writable(current), USER_PATCH_TARGET, Operations);
    if ('problem' in applied)
      throw scimError(400, applied.problem.detail, applied.problem.scimType);
    // The version read above guards the write: a change in between answers 412.
    return this.replace(id, applied.resource, (current.meta as { version: string }).version);
  }

  /**
   * DELETE: the person leaves SCIM, sign-in and everyone's lists (friends,
   * contacts, blocks, page admins), and every session ends; the row stays,
   * renamed out of the way, so that the conversations they wrote in still
   * name their sender.
   */
  async delete(id: string): Promise<void> {
    await commitWithDeltas(this.ctx, async (trx, sink) => {
      const row = await readUser(trx, id);
      if (row === undefined) throw scimNotFound('User', id);
      await tellFriends(trx, sink, id);
      await trx
        .updateTable('people')
        .set({ deactivated: 2, username: `deleted.${id}`, password_hash: '' })
        .where('id', '=', id)
        .execute();
      await trx
        .deleteFrom('friendships')
        .where((eb) => eb.or([eb('person_id', '=', id), eb('friend_id', '=', id)]))
        .execute();
      await trx
        .deleteFrom('contacts')
        .where((eb) => eb.or([eb('person_id', '=', id), eb('contact_id', '=', id)]))
        .execute();
      await trx
        .deleteFrom('blocks')
        .where((eb) => eb.or([eb('blocker_id', '=', id), eb('blocked_id', '=', id)]))
        .execute();
      await trx.deleteFrom('page_admins').where('person_id', '=', id).execute();
      await trx
        .deleteFrom('scim_resources')
        .where('resource_type', '=', 'User')
        .where('id', '=', id)
        .execute();
    });
    await endSessions(this.ctx, { userIds: [id] });
  }
}
