import type { ParticipantState, WireCall, WireCallStatus } from '@messenger/core';
import type { AppContext } from '../../context';
import {
  withCallTables,
  type CallKysely,
  type CallParticipantTable,
  type CallTable,
} from './tables';

export type CallRow = CallTable;
export type CallParticipantRow = CallParticipantTable;

/** States that hold someone in a call: they cannot be rung for another ('In Another Call'). */
export const BUSY_STATES: readonly ParticipantState[] = [
  'contacting',
  'ringing',
  'connecting',
  'connected',
];
export const JOINED_STATES: readonly ParticipantState[] = ['connecting', 'connected'];

export const isJoined = (p: { state: string }): boolean =>
  (JOINED_STATES as readonly string[]).includes(p.state);
export const isRinging = (p: { state: string }): boolean =>
  p.state === 'ringing' || p.state === 'contacting';

export async function getCall(k: CallKysely, callId: string): Promise<CallRow | undefined> {
  return k.selectFrom('calls').selectAll().where('id', '=', callId).executeTakeFirst();
}

export async function getCallParticipants(
  k: CallKysely,
  callId: string,
): Promise<CallParticipantRow[]> {
  return k
    .selectFrom('call_participants')
    .selectAll()
    .where('call_id', '=', callId)
    .orderBy('position')
    .execute();
}

/** People among `userIds` who are rung by, or in, a call other than `exceptCallId`. */
export async function busyAmong(
  k: CallKysely,
  userIds: readonly string[],
  exceptCallId: string,
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await k
    .selectFrom('call_participants')
    .innerJoin('calls', 'calls.id', 'call_participants.call_id')
    .select('call_participants.user_id')
    .where('call_participants.user_id', 'in', [...new Set(userIds)])
    .where('call_participants.state', 'in', [...BUSY_STATES])
    .where('calls.status', '<>', 'ended')
    .where('calls.id', '<>', exceptCallId)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** The call in progress in a thread, if any. */
export async function runningCallOf(k: CallKysely, threadId: string): Promise<CallRow | undefined> {
  return k
    .selectFrom('calls')
    .selectAll()
    .where('thread_id', '=', threadId)
    .where('status', '<>', 'ended')
    .orderBy('started_at', 'desc')
    .executeTakeFirst();
}

export async function namesOf(k: CallKysely, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await k
    .selectFrom('people')
    .select(['id', 'name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export function toWireCall(
  call: CallRow,
  participants: readonly CallParticipantRow[],
  names: ReadonlyMap<string, string>,
): WireCall {
  return {
    call_id: call.id,
    thread_id: call.thread_id,
    kind: call.kind,
    initiator_id: call.initiator_id,
    status: call.status as WireCallStatus,
    started_at: call.started_at,
    connected_at: call.connected_at,
    ended_at: call.ended_at,
    max_participants: call.max_participants,
    ring_timeout_ms: call.ring_timeout_ms,
    participants: participants.map((p) => ({
      user_id: p.user_id,
      name: names.get(p.user_id) ?? '',
      state: p.state as ParticipantState,
      device_id: p.device_id,
    })),
  };
}

/**
 * Calls a device is joined to (for a dropped socket). With `notSeenSince`,
 * only those where the device has not opened a socket on any node since then.
 */
export async function callsOfDevice(
  k: CallKysely,
  userId: string,
  deviceId: string,
  notSeenSince?: number,
): Promise<string[]> {
  let query = k
    .selectFrom('call_participants')
    .innerJoin('calls', 'calls.id', 'call_participants.call_id')
    .select('calls.id')
    .where('call_participants.user_id', '=', userId)
    .where('call_participants.device_id', '=', deviceId)
    .where('calls.status', '<>', 'ended');
  if (notSeenSince !== undefined) {
    query = query.where((eb) =>
      eb.or([
        eb('call_participants.device_seen_at', 'is', null),
        eb('call_participants.device_seen_at', '<', notSeenSince),
      ]),
    );
  }
  const rows = await query.execute();
  return rows.map((r) => r.id);
}

/** A device in a call opened a socket (on this node): its calls learn it is still there. */
export async function markDeviceSeen(
  k: CallKysely,
  callIds: readonly string[],
  userId: string,
  deviceId: string,
  now: number,
): Promise<void> {
  if (callIds.length === 0) return;
  await k
    .updateTable('call_participants')
    .set({ device_seen_at: now })
    .where('call_id', 'in', [...callIds])
    .where('user_id', '=', userId)
    .where('device_id', '=', deviceId)
    .execute();
}

export interface UnfinishedParticipant {
  callId: string;
  userId: string;
  state: string;
  deviceId: string | null;
  rungAt: number | null;
  timeoutMs: number;
}

/** Participants of calls not ended yet: ringing ones and joined devices (after a restart). */
export async function unfinishedParticipants(k: CallKysely): Promise<UnfinishedParticipant[]> {
  return k
    .selectFrom('call_participants')
    .innerJoin('calls', 'calls.id', 'call_participants.call_id')
    .select([
      'calls.id as callId',
      'calls.ring_timeout_ms as timeoutMs',
      'call_participants.user_id as userId',
      'call_participants.state as state',
      'call_participants.device_id as deviceId',
      'call_participants.rung_at as rungAt',
    ])
    .where('calls.status', '<>', 'ended')
    .execute();
}

/** The user of a device joined to a running call; null when no such device is. */
export async function joinedDeviceUser(
  k: CallKysely,
  callId: string,
  deviceId: string,
): Promise<string | null> {
  const row = await k
    .selectFrom('call_participants')
    .innerJoin('calls', 'calls.id', 'call_participants.call_id')
    .select(['call_participants.user_id', 'call_participants.state'])
    .where('call_participants.call_id', '=', callId)
    .where('call_participants.device_id', '=', deviceId)
    .where('calls.status', '<>', 'ended')
    .executeTakeFirst();
  return row !== undefined && isJoined(row) ? row.user_id : null;
}

/** Calls not ended, by status (the messenger_calls gauge): one grouped count of the whole cluster. */
export async function callsByStatus(ctx: AppContext): Promise<Record<string, number>> {
  const rows = await ctx.db.read((db) =>
    withCallTables(db)
      .selectFrom('calls')
      .select((eb) => ['status', eb.fn.countAll<number | string>().as('count')])
      .where('status', '<>', 'ended')
      .groupBy('status')
      .execute(),
  );
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}
