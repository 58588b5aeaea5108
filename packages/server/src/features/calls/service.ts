import type { CallActionFrame, ErrorCode, ParticipantState, WireCall } from '@messenger/core';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../errors';
import type { Database } from '../../storage/database';
import { notParticipant, unknownThread } from '../messaging/audience';
import { getParticipants, getThread } from '../messaging/repo';
import { blocksAmong } from '../messaging/relations-repo';
import { commitWithDeltas, type DeltaSink } from '../sync/commit';
import { postSummary } from './summary';
import {
  busyAmong,
  joinedDeviceUser,
  unfinishedParticipants,
  type UnfinishedParticipant,
  getCall,
  getCallParticipants,
  isJoined,
  isRinging,
  namesOf,
  toWireCall,
  type CallParticipantRow,
  type CallRow,
} from './repo';
import type { SyncDatabase, SyncTables } from '../../storage/tables/sync';
import { withCallTables, type CallDatabase } from './tables';

export interface CallLimits {
  maxParticipants: number;
  ringTimeoutMs: number;
}

/** Call refusals travel in `call_result` frames: code, message and field; no HTTP status. */
export const callError = (code: ErrorCode, message: string): AppError =>
  new AppError(code, message, 'call_id');

/** One transaction, typed for this feature's tables (c) and the messaging ones (k). */
interface Trx {
  c: Transaction<CallDatabase>;
  k: Transaction<SyncDatabase>;
}

interface Loaded {
  call: CallRow;
  participants: CallParticipantRow[];
}

/** What one action did: the call as it now is, and ring timers to arm. */
export interface CallOutcome {
  call: WireCall;
  ring: { userId: string; at: number }[];
  ended: boolean;
}

/**
 * Call actions (start, answer, reject, hangup, join, invite) and the server's
 * own (ring timeout, dropped device). Each loads the call, changes it, settles
 * it (the call ends for all when fewer than two can still take part) and
 * writes it in one transaction with a `call_updated` delta for every person
 * of the thread, so every device of each learns it.
 */
export class CallService {
  constructor(
    private readonly ctx: AppContext,
    private readonly limits: CallLimits,
  ) {}

  async act(userId: string, deviceId: string, frame: CallActionFrame): Promise<CallOutcome> {
    switch (frame.action) {
      case 'start':
        return this.start(userId, deviceId, frame);
      case 'answer':
      case 'join':
        return this.change(frame.call_id, userId, (loaded, now) => {
          admit(loaded, userId, deviceId, frame.action === 'answer', now);
          return [];
        });
      case 'reject':
        return this.change(frame.call_id, userId, (loaded, now) => {
          const me = own(loaded, userId);
          if (!isRinging(me)) throw callError('not_ringing', 'This call is not ringing for you.');
          set(me, 'rejected', null, now);
          return [];
        });
      case 'hangup':
        return this.change(frame.call_id, userId, (loaded, now) => {
          const me = own(loaded, userId);
          // A device other than the one in the call (another tab) cannot hang it up.
          if (isJoined(me) && me.device_id === deviceId) set(me, 'disconnected', null, now);
          return [];
        });
      case 'invite':
        return this.change(frame.call_id, userId, async (loaded, now, trx) => {
          const me = own(loaded, userId);
          if (!isJoined(me)) throw callError('not_in_call', 'Join the call first.');
          const ids = frame.user_ids ?? [];
          if (ids.length === 0) throw badRequest('user_ids', 'Name someone to ring.');
          return this.ring(trx, loaded, userId, ids, frame.ring_blocked === true, now);
        });
    }
  }

  /** The ring timeout of one person: still ringing, they did not answer. */
  async ringTimedOut(callId: string, userId: string): Promise<CallOutcome | null> {
    return this.change(callId, null, (loaded, now) => {
      const p = loaded.participants.find((x) => x.user_id === userId);
      if (p === undefined || !isRinging(p) || p.rung_at === null) return [];
      if (now - p.rung_at < loaded.call.ring_timeout_ms - 50) return [];
      set(p, 'no_answer', null, now);
      return [];
    }).catch((error: unknown) => {
      if (error instanceof AppError) return null;
      throw error;
    });
  }

  /** A device in a call lost its socket for good: it dropped out. */
  async deviceDropped(callId: string, userId: string, deviceId: string): Promise<void> {
    await this.change(callId, null, (loaded, now) => {
      const p = loaded.participants.find((x) => x.user_id === userId);
      if (p !== undefined && isJoined(p) && p.device_id === deviceId) {
        set(p, 'connection_dropped', null, now);
      }
      return [];
    });
  }

  unfinished(): Promise<UnfinishedParticipant[]> {
    return this.ctx.db.read((db) => unfinishedParticipants(withCallTables(db)));
  }

  /** The user of a device joined to a call, for relaying signals to it; null when none is. */
  joinedDevice(callId: string, deviceId: string): Promise<string | null> {
    return this.ctx.db.read((db) => joinedDeviceUser(withCallTables(db), callId, deviceId));
  }

  private async start(
    userId: string,
    deviceId: string,
    frame: CallActionFrame,
  ): Promise<CallOutcome> {
    if (frame.thread_id === undefined) throw badRequest('thread_id', 'Say which conversation.');
    if (frame.kind === undefined) throw badRequest('kind', 'Say voice or video.');
    const threadId = frame.thread_id;
    const kind = frame.kind;
    return this.write(async (trx, sink) => {
      const now = this.ctx.clock.now();
      if ((await getCall(trx.c, frame.call_id)) !== undefined) {
        throw callError('call_exists', 'This call id is taken.');
      }
      const thread = await getThread(trx.k, threadId);
      if (thread === undefined) throw unknownThread();
      const people = await getParticipants(trx.k, threadId);
      if (!people.some((p) => p.participant_id === userId && p.participant_kind === 'person')) {
        throw notParticipant();
      }
      if ((await busyAmong(trx.c, [userId], frame.call_id)).has(userId)) {
        throw callError('in_another_call', 'You are in another call.');
      }
      const members = people
        .filter((p) => p.participant_kind === 'person' && p.participant_id !== userId)
        .map((p) => p.participant_id);
      const wanted = frame.user_ids ?? members;
      const outsider = wanted.find((id) => !members.includes(id));
      if (outsider !== undefined) {
        throw badRequest('user_ids', 'Only people of this conversation can be rung.');
      }
      if (wanted.length === 0) throw badRequest('user_ids', 'There is nobody to ring.');
      const call: CallRow = {
        id: frame.call_id,
        thread_id: threadId,
        kind,
        initiator_id: userId,
        status: 'ringing',
        started_at: now,
        connected_at: null,
        ended_at: null,
        max_participants: this.limits.maxParticipants,
        ring_timeout_ms: this.limits.ringTimeoutMs,
      };
      await trx.c.insertInto('calls').values(call).execute();
      const caller: CallParticipantRow = {
        call_id: call.id,
        user_id: userId,
        position: 0,
        state: 'connected',
        device_id: deviceId,
        rung_at: null,
        device_seen_at: null,
        updated_at: now,
      };
      const loaded: Loaded = { call, participants: [caller] };
      await trx.c.insertInto('call_participants').values(caller).execute();
      const ring = await this.ring(trx, loaded, userId, wanted, frame.ring_blocked === true, now);
      return this.finish(trx, sink, loaded, new Set(), now, ring);
    });
  }

  /** Adds people in order: ringing, or why they cannot be (busy, blocked, over the limit). */
  private async ring(
    trx: Trx,
    loaded: Loaded,
    by: string,
    userIds: readonly string[],
    ringBlocked: boolean,
    now: number,
  ): Promise<{ userId: string; at: number }[]> {
    const ids = [...new Set(userIds)].filter((id) => id !== by);
    const busy = await busyAmong(trx.c, ids, loaded.call.id);
    const { blockedBy, blocking } = await blocksAmong(trx.k, by, ids);
    const rung: { userId: string; at: number }[] = [];
    for (const id of ids) {
      let p = loaded.participants.find((x) => x.user_id === id);
      if (p !== undefined && (isJoined(p) || isRinging(p))) continue;
      const taken = loaded.participants.filter((x) => isJoined(x) || isRinging(x)).length;
      let state: ParticipantState = 'ringing';
      if (blockedBy.has(id) || (blocking.has(id) && !ringBlocked)) state = 'unreachable';
      else if (busy.has(id)) state = 'in_another_call';
      else if (taken >= loaded.call.max_participants) state = 'participant_limit_reached';
      if (p === undefined) {
        p = {
          call_id: loaded.call.id,
          user_id: id,
          position: loaded.participants.length,
          state,
          device_id: null,
          rung_at: null,
          device_seen_at: null,
          updated_at: now,
        };
        loaded.participants.push(p);
      }
      set(p, state, null, now);
      if (state === 'ringing') {
        p.rung_at = now;
        rung.push({ userId: id, at: now });
      }
    }
    return rung;
  }

  private async change(
    callId: string,
    actorId: string | null,
    fn: (
      loaded: Loaded,
      now: number,
      trx: Trx,
    ) => { userId: string; at: number }[] | Promise<{ userId: string; at: number }[]>,
  ): Promise<CallOutcome> {
    return this.write(async (trx, sink) => {
      const now = this.ctx.clock.now();
      const call = await getCall(trx.c, callId);
      if (call === undefined) throw notFound('There is no such call.');
      const participants = await getCallParticipants(trx.c, callId);
      if (actorId !== null) {
        const people = await getParticipants(trx.k, call.thread_id);
        if (!people.some((p) => p.participant_id === actorId)) throw notParticipant();
      }
      const loaded: Loaded = { call, participants };
      const before = new Set(
        participants.map((p) => `${p.user_id}:${p.state}:${p.device_id ?? ''}`),
      );
      if (call.status === 'ended') {
        return this.finish(trx, sink, loaded, before, now, [], true);
      }
      const ring = await fn(loaded, now, trx);
      return this.finish(trx, sink, loaded, before, now, ring);
    });
  }

  private async write(work: (trx: Trx, sink: DeltaSink) => Promise<CallOutcome>) {
    return commitWithDeltas(this.ctx, (trx: Transaction<Database>, sink) =>
      work({ c: withCallTables(trx), k: trx.withTables<SyncTables>() }, sink),
    );
  }

  /** Settles the call, writes what changed with the deltas, and posts the summary at the end. */
  private async finish(
    trx: Trx,
    sink: DeltaSink,
    loaded: Loaded,
    before: Set<string>,
    now: number,
    ring: { userId: string; at: number }[],
    unchanged = false,
  ): Promise<CallOutcome> {
    const { call, participants } = loaded;
    const names = await namesOf(
      trx.c,
      participants.map((p) => p.user_id),
    );
    if (unchanged) return { call: toWireCall(call, participants, names), ring: [], ended: false };
    const joined = participants.filter(isJoined).length;
    const ringing = participants.filter(isRinging).length;
    let ended = false;
    if (joined >= 2 && call.status === 'ringing') {
      call.status = 'active';
      call.connected_at = now;
    }
    if (joined === 0 || (joined <= 1 && ringing === 0)) {
      ended = true;
      call.status = 'ended';
      call.ended_at = now;
      for (const p of participants) {
        if (isRinging(p)) set(p, 'no_answer', null, now);
        else if (isJoined(p)) set(p, 'disconnected', null, now);
      }
    }
    await trx.c
      .updateTable('calls')
      .set({ status: call.status, connected_at: call.connected_at, ended_at: call.ended_at })
      .where('id', '=', call.id)
      .execute();
    for (const p of participants) {
      if (before.has(`${p.user_id}:${p.state}:${p.device_id ?? ''}`)) continue;
      await trx.c
        .insertInto('call_participants')
        .values(p)
        .onConflict((oc) =>
          oc.columns(['call_id', 'user_id']).doUpdateSet({
            state: p.state,
            device_id: p.device_id,
            rung_at: p.rung_at,
            updated_at: p.updated_at,
          }),
        )
        .execute();
    }
    const wire = toWireCall(call, participants, names);
    const people = await getParticipants(trx.k, call.thread_id);
    for (const person of people) {
      if (person.participant_kind !== 'person') continue;
      sink.add({ userId: person.participant_id, delta: { kind: 'call_updated', call: wire } });
    }
    if (ended) await postSummary(trx, sink, call, people);
    return { call: wire, ring, ended };
  }
}

function own(loaded: Loaded, userId: string): CallParticipantRow {
  const me = loaded.participants.find((p) => p.user_id === userId);
  if (me === undefined) throw callError('not_in_call', 'You are not in this call.');
  return me;
}

function set(
  p: CallParticipantRow,
  state: ParticipantState,
  deviceId: string | null,
  now: number,
): void {
  p.state = state;
  p.device_id = deviceId;
  p.updated_at = now;
  if (state !== 'ringing') p.rung_at = null;
}

/** Answer (someone rung) or join (anyone of the thread, while the call runs). */
function admit(
  loaded: Loaded,
  userId: string,
  deviceId: string,
  answering: boolean,
  now: number,
): void {
  let me = loaded.participants.find((p) => p.user_id === userId);
  if (me !== undefined && isJoined(me)) {
    if (me.device_id === deviceId) return;
    throw callError('in_another_call', 'You are in this call on another device.');
  }
  if (answering && (me === undefined || !isRinging(me))) {
    throw callError('not_ringing', 'This call is not ringing for you.');
  }
  if (me === undefined) {
    me = {
      call_id: loaded.call.id,
      user_id: userId,
      position: loaded.participants.length,
      state: 'disconnected',
      device_id: null,
      rung_at: null,
      device_seen_at: null,
      updated_at: now,
    };
    loaded.participants.push(me);
  }
  const joined = loaded.participants.filter(isJoined).length;
  if (joined >= loaded.call.max_participants) {
    set(me, 'participant_limit_reached', null, now);
    return;
  }
  set(me, 'connected', deviceId, now);
}
