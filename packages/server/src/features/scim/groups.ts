import {
  SCIM_SCHEMAS,
  applyScimPatch,
  flattenName,
  scimGroupInputSchema,
  scimPatchSchema,
  type PatchTarget,
  type ScimGroupInput,
  type ScimListQuery,
} from '@messenger/core';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { viewingsOf } from '../messaging/audience';
import { newThreadId } from '../messaging/ids';
import { getParticipants, getThread, type K } from '../messaging/repo';
import { addThreadUpdates } from '../messaging/snapshot';
import { commitWithDeltas, type DeltaSink } from '../sync/commit';
import { withSyncTables } from '../../storage/tables/sync';
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
 * SCIM Groups are group conversations. A directory group (a team, a
 * department) is a set of people who should talk together, which is what a
 * group conversation is, and a person may be in many of either; a company,
 * the network's other grouping, holds each person at most once and changes
 * what search and the sidebar show, so it fits a group badly. Only groups
 * made through SCIM are SCIM's: people's own group chats are not the
 * directory's to list or change. Members land in the inbox (the directory
 * put them there: it is no message request) and see changes live.
 */
export const GROUP_PATCH_TARGET: PatchTarget = {
  attributes: ['displayName', 'externalId', 'members'],
  multiValued: ['members'],
  readOnly: ['id', 'meta'],
};

interface GroupRow {
  id: string;
  name: string | null;
  external_id: string | null;
  created_at: number;
  updated_at: number;
}

function groupQuery(k: K) {
  return k
    .selectFrom('threads')
    .innerJoin('scim_resources', (join) =>
      join
        .onRef('scim_resources.id', '=', 'threads.id')
        .on('scim_resources.resource_type', '=', 'Group'),
    );
}

const GROUP_COLUMNS = [
  'threads.id as id',
  'threads.name as name',
  'scim_resources.external_id as external_id',
  'scim_resources.created_at as created_at',
  'scim_resources.updated_at as updated_at',
] as const;

async function membersOf(
  k: K,
  threadIds: readonly string[],
): Promise<Map<string, { value: string; display: string }[]>> {
  const out = new Map<string, { value: string; display: string }[]>();
  if (threadIds.length === 0) return out;
  const rows = await k
    .selectFrom('thread_participants')
    .innerJoin('people', 'people.id', 'thread_participants.participant_id')
    .select([
      'thread_participants.thread_id as thread_id',
      'people.id as id',
      'people.name as name',
    ])
    .where('thread_participants.thread_id', 'in', threadIds)
    .where('thread_participants.participant_kind', '=', 'person')
    .orderBy('people.id')
    .execute();
  for (const row of rows) {
    const list = out.get(row.thread_id) ?? [];
    list.push({ value: row.id, display: row.name });
    out.set(row.thread_id, list);
  }
  return out;
}

export class ScimGroups {
  constructor(
    private readonly ctx: AppContext,
    private readonly baseUrl: string,
  ) {}

  private represent(
    row: GroupRow,
    members: { value: string; display: string }[],
  ): Record<string, unknown> {
    return withMeta(
      {
        schemas: [SCIM_SCHEMAS.group],
        id: row.id,
        ...(row.external_id === null ? {} : { externalId: row.external_id }),
        displayName: row.name ?? '',
        members: members.map((m) => ({
          value: m.value,
          display: m.display,
          type: 'User',
          $ref: `${this.baseUrl}/scim/v2/Users/${m.value}`,
        })),
      },
      {
        resourceType: 'Group',
        location: `${this.baseUrl}/scim/v2/Groups/${row.id}`,
        ...timestamps(row.created_at, row.updated_at),
      },
    );
  }

  private async read(k: K, id: string): Promise<Record<string, unknown> | undefined> {
    if (!/^\d{1,32}$/.test(id)) return undefined;
    const row = await groupQuery(k)
      .select(GROUP_COLUMNS)
      .where('threads.id', '=', id)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    return this.represent(row, (await membersOf(k, [id])).get(id) ?? []);
  }

  async get(id: string): Promise<Record<string, unknown>> {
    const group = await this.ctx.db.read((k) => this.read(withSyncTables(k), id));
    if (group === undefined) throw scimNotFound('Group', id);
    return group;
  }

  async list(query: ScimListQuery): Promise<Record<string, unknown>> {
    const condition = filterCondition(query.filter, {
      displayName: { text: sql.ref('threads.name') },
      externalId: { text: sql.ref('scim_resources.external_id') },
      id: { text: sql.ref('threads.id') },
    });
    return this.ctx.db.read(async (db) => {
      const k = withSyncTables(db);
      let base = groupQuery(k);
      if (condition !== null) base = base.where(condition);
      const counted = await base
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirst();
      const rows =
        query.count === 0
          ? []
          : await base
              .select(GROUP_COLUMNS)
              .orderBy('threads.id')
              .limit(query.count)
              .offset(query.startIndex - 1)
              .execute();
      const members = await membersOf(
        k,
        rows.map((r) => r.id),
      );
      return listResponse(
        query,
        Number(counted?.n ?? 0),
        rows.map((row) => this.represent(row, members.get(row.id) ?? [])),
      );
    });
  }

  async create(raw: unknown): Promise<Record<string, unknown>> {
    const input = parseScim(scimGroupInputSchema, raw);
    const now = this.ctx.clock.now();
    const id = newThreadId(now);
    await commitWithDeltas(this.ctx, async (trx, sink) => {
      const k = withSyncTables(trx);
      await k
        .insertInto('threads')
        .values({
          id,
          kind: 'group',
          name: input.displayName,
          name_flat: flattenName(input.displayName),
          image_src: null,
          privacy_mode: 1,
          created_at: now,
          last_activity_at: now,
          last_message_seq: 0,
        })
        .execute();
      await k
        .insertInto('scim_resources')
        .values({
          resource_type: 'Group',
          id,
          external_id: input.externalId ?? null,
          attributes: '{}',
          created_at: now,
          updated_at: now,
        })
        .execute();
      await this.setMembers(k, sink, id, input, now);
    });
    return this.get(id);
  }

  async replace(
    id: string,
    raw: unknown,
    ifMatch: string | undefined,
  ): Promise<Record<string, unknown>> {
    const input = parseScim(scimGroupInputSchema, raw);
    const now = this.ctx.clock.now();
    await commitWithDeltas(this.ctx, async (trx, sink) => {
      const k = withSyncTables(trx);
      const current = await this.read(k, id);
      if (current === undefined) throw scimNotFound('Group', id);
      checkIfMatch(ifMatch, (current.meta as { version: string }).version);
      await k
        .updateTable('threads')
        .set({ name: input.displayName, name_flat: flattenName(input.displayName) })
        .where('id', '=', id)
        .execute();
      await k
        .updateTable('scim_resources')
        .set({ external_id: input.externalId ?? null, updated_at: now })
        .where('resource_type', '=', 'Group')
        .where('id', '=', id)
        .execute();
      await this.setMembers(k, sink, id, input, now);
    });
    return this.get(id);
  }

  async patch(
    id: string,
    raw: unknown,
    ifMatch: string | undefined,
  ): Promise<Record<string, unknown>> {
    const { Operations } = parseScim(scimPatchSchema, raw);
    const current = await this.get(id);
    const version = (current.meta as { version: string }).version;
    checkIfMatch(ifMatch, version);
    const applied = applyScimPatch(writable(current), GROUP_PATCH_TARGET, Operations);
    if ('problem' in applied)
      throw scimError(400, applied.problem.detail, applied.problem.scimType);
    return this.replace(id, applied.resource, version);
  }

  /** The conversation leaves every member's lists; its history stays (no one can reach it). */
  async delete(id: string): Promise<void> {
    await commitWithDeltas(this.ctx, async (trx, sink) => {
      const k = withSyncTables(trx);
      if ((await this.read(k, id)) === undefined) throw scimNotFound('Group', id);
      const participants = await getParticipants(k, id);
      for (const viewing of await viewingsOf(k, participants, { includeHidden: true })) {
        sink.add({
          userId: viewing.userId,
          delta: { kind: 'thread_removed', thread_id: id, reason: 'removed' },
        });
      }
      await k.deleteFrom('thread_participants').where('thread_id', '=', id).execute();
      await k
        .deleteFrom('scim_resources')
        .where('resource_type', '=', 'Group')
        .where('id', '=', id)
        .execute();
    });
  }

  /**
   * Makes the members exactly the given people: the ones who leave hear
   * thread_removed, everyone who stays or joins the new thread.
   */
  private async setMembers(
    k: K,
    sink: DeltaSink,
    id: string,
    input: ScimGroupInput,
    now: number,
  ): Promise<void> {
    const wanted = [...new Set((input.members ?? []).map((m) => m.value))];
    if (wanted.length > 0) {
      const found = await k
        .selectFrom('people')
        .select('id')
        .where('id', 'in', wanted)
        .where('deactivated', '<', 2)
        .execute();
      const known = new Set(found.map((r) => r.id));
      const missing = (input.members ?? []).findIndex((m) => !known.has(m.value));
      if (missing >= 0) {
        throw scimError(400, `members[${missing}].value: there is no such User.`, 'invalidValue');
      }
    }
    const thread = await getThread(k, id);
    if (thread === undefined) throw scimNotFound('Group', id);
    const before = await getParticipants(k, id);
    const present = new Set(before.map((p) => p.participant_id));
    const keep = new Set(wanted);
    const leaving = before.filter(
      (p) => p.participant_kind === 'person' && !keep.has(p.participant_id),
    );
    for (const p of leaving) {
      sink.add({
        userId: p.participant_id,
        delta: { kind: 'thread_removed', thread_id: id, reason: 'removed' },
      });
    }
    if (leaving.length > 0) {
      await k
        .deleteFrom('thread_participants')
        .where('thread_id', '=', id)
        .where(
          'participant_id',
          'in',
          leaving.map((p) => p.participant_id),
        )
        .execute();
    }
    const joining = wanted.filter((personId) => !present.has(personId));
    if (joining.length > 0) {
      await k
        .insertInto('thread_participants')
        .values(
          joining.map((personId) => ({
            thread_id: id,
            participant_id: personId,
            participant_kind: 'person' as const,
            folder: 'INBOX',
            nickname: null,
            last_read_seq: thread.last_message_seq,
            last_delivered_seq: thread.last_message_seq,
            hidden: 0,
            joined_at: now,
          })),
        )
        .execute();
    }
    const after = await getParticipants(k, id);
    const renamed = await getThread(k, id);
    if (renamed !== undefined)
      await addThreadUpdates(k, sink, renamed, after, await viewingsOf(k, after));
  }
}
