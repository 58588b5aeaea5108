import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendBatchStats } from '../../src/features/messaging/send-service';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from '../sync/support/app';
import { logOf } from '../sync/support/counts';
import { codesOf } from '../graphql/support';
import { SEND, gql, send, type SentMessageResult } from '../sync/support/gql';
import { PEOPLE, block } from '../sync/support/world';

const dialects = await dialectsUnderTest();

/**
 * Sends issued together share one transaction (send-batcher.ts). These tests
 * fire many sends at once so that they land in the same batches, and check
 * that a batch behaves as that many separate transactions would.
 */
describe.each(dialects)('send_message group commit (%s)', (dialect) => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp(dialect);
  });
  afterAll(async () => {
    await live.dispose();
  });

  it('stores 120 concurrent sends once each, with gapless thread seqs and logs', async () => {
    const ann = await live.session('ann');
    const ben = await live.session('ben');
    const first = await send(live.app, ann, {
      recipient_id: PEOPLE.ben,
      text: 'opening',
      offline_threading_id: 'gc-open',
    });
    const threadId = first.message.thread_id;
    const annHead = (await logOf(live.db, PEOPLE.ann)).length;
    const before = sendBatchStats(live.ctx);
    const benHead = (await logOf(live.db, PEOPLE.ben)).length;

    const results = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        send(live.app, i % 2 === 0 ? ann : ben, {
          thread_id: threadId,
          text: `burst ${i}`,
          offline_threading_id: `gc-${i}`,
        }),
      ),
    );
    expect(results.every((r) => r.created)).toBe(true);
    const after = sendBatchStats(live.ctx);
    // They were written in fewer transactions than messages: the batches were shared.
    expect(after.sends - before.sends).toBe(120);
    expect(after.batches - before.batches).toBeLessThan(120);
    expect(after.largestBatch).toBeGreaterThan(1);
    const seqs = results.map((r) => r.message.seq_in_thread).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 120 }, (_, i) => i + 2));
    for (const [user, head] of [
      [PEOPLE.ann, annHead],
      [PEOPLE.ben, benHead],
    ] as const) {
      const log = await logOf(live.db, user);
      expect(log.map((d) => d.seq)).toEqual(Array.from({ length: log.length }, (_, i) => i + 1));
      const burst = log.slice(head);
      expect(burst).toHaveLength(120);
      const texts = burst.map(
        (d) => (d.delta as unknown as { message: { text: string } }).message.text,
      );
      expect(new Set(texts).size).toBe(120);
    }
  });

  it('refuses one send of a batch without losing the others', async () => {
    const ann = await live.session('ann');
    const cal = await live.session('cal');
    await block(live.db, PEOPLE.dot, PEOPLE.cal);
    const sends = Array.from({ length: 30 }, (_, i) =>
      i === 15
        ? gql(live.app, cal, SEND, {
            input: {
              recipient_id: PEOPLE.dot,
              text: 'blocked',
              offline_threading_id: 'gc-blocked',
            },
          })
        : gql(live.app, ann, SEND, {
            input: {
              recipient_id: PEOPLE.dot,
              text: `ok ${i}`,
              offline_threading_id: `gc-ok-${i}`,
            },
          }),
    );
    const answers = await Promise.all(sends);
    const refused = answers[15] as { errors?: { extensions?: { code?: string } }[] };
    expect(refused.errors?.[0]?.extensions?.code).toBe('blocked');
    const stored = await live.db.kysely
      .selectFrom('messages')
      .select(['text', 'offline_threading_id'])
      .where('offline_threading_id', 'like', 'gc-%')
      .where('sender_id', 'in', [PEOPLE.ann, PEOPLE.cal])
      .where('text', 'not like', 'burst%')
      .execute();
    const texts = stored.map((m) => m.text).filter((t) => t !== 'opening');
    expect(texts).not.toContain('blocked');
    expect(texts.filter((t) => t.startsWith('ok '))).toHaveLength(29);
  });

  it('refuses a send that fails after it began writing, keeping the others and gapless seqs', async () => {
    const ann = await live.session('ann');
    const first = await send(live.app, ann, {
      recipient_id: PEOPLE.dot,
      text: 'late opening',
      offline_threading_id: 'gc-late-open',
    });
    const threadId = first.message.thread_id;
    const annHead = (await logOf(live.db, PEOPLE.ann)).length;
    const reruns = sendBatchStats(live.ctx).rerunsWithSavepoints;
    // An image nobody uploaded: refused only after the send took its seq in the thread.
    const unknownImage = {
      id: '999999999',
      key: 'S2V5TXVzdE5vdExlYWsxMg==',
      iv: 'SXZJdkl2SXZJdkl2',
      mime: 'image/png',
      width: 40,
      height: 30,
    };
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        gql<{ send_message: SentMessageResult }>(live.app, ann, SEND, {
          input: {
            thread_id: threadId,
            text: `late ${i}`,
            offline_threading_id: `gc-late-${i}`,
            ...(i === 10 ? { attachments: [unknownImage] } : {}),
          },
        }),
      ),
    );
    const refused = answers[10];
    if (refused === undefined) throw new Error('no answer');
    expect(codesOf(refused)).toEqual([{ code: 'bad_request', field: 'attachments[0].id' }]);
    const seqs = answers
      .filter((_, i) => i !== 10)
      .map((answer) => {
        expect(answer.data?.send_message.created).toBe(true);
        return answer.data?.send_message.message.seq_in_thread ?? 0;
      })
      .sort((a, b) => a - b);
    const opening = first.message.seq_in_thread;
    expect(seqs).toEqual(Array.from({ length: 29 }, (_, i) => opening + 1 + i));
    const log = await logOf(live.db, PEOPLE.ann);
    expect(log.map((d) => d.seq)).toEqual(Array.from({ length: log.length }, (_, i) => i + 1));
    expect(log.slice(annHead)).toHaveLength(29);
    const stored = await live.db.kysely
      .selectFrom('messages')
      .select('text')
      .where('thread_id', '=', threadId)
      .where('text', '=', 'late 10')
      .execute();
    expect(stored).toHaveLength(0);
    // Batches run without savepoints: this one had to run again with them.
    expect(sendBatchStats(live.ctx).rerunsWithSavepoints - reruns).toBe(1);
  });

  it('refuses sends to a missing thread and to a thread of others without rerunning the batch', async () => {
    const ann = await live.session('ann');
    const ben = await live.session('ben');
    const opened = await send(live.app, ann, {
      recipient_id: PEOPLE.ben,
      text: 'refusals opening',
      offline_threading_id: 'gc-ref-open',
    });
    const threadId = opened.message.thread_id;
    const others = await send(live.app, ben, {
      recipient_id: PEOPLE.cal,
      text: 'not for ann',
      offline_threading_id: 'gc-ref-other',
    });
    const reruns = sendBatchStats(live.ctx).rerunsWithSavepoints;
    const target = (i: number): string =>
      i === 4 ? '999999999999' : i === 9 ? others.message.thread_id : threadId;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        gql<{ send_message: SentMessageResult }>(live.app, ann, SEND, {
          input: { thread_id: target(i), text: `ref ${i}`, offline_threading_id: `gc-ref-${i}` },
        }),
      ),
    );
    expect(codesOf(answers[4]!)).toEqual([{ code: 'not_found', field: 'thread_id' }]);
    expect(codesOf(answers[9]!)).toEqual([{ code: 'forbidden', field: 'thread_id' }]);
    const seqs = answers
      .filter((_, i) => i !== 4 && i !== 9)
      .map((answer) => answer.data?.send_message.message.seq_in_thread ?? 0)
      .sort((a, b) => a - b);
    const opening = opened.message.seq_in_thread;
    expect(seqs).toEqual(Array.from({ length: 18 }, (_, i) => opening + 1 + i));
    // A refusal by the send's own checks wrote nothing: the batch did not run again.
    expect(sendBatchStats(live.ctx).rerunsWithSavepoints - reruns).toBe(0);
    const thread = await live.db.kysely
      .selectFrom('threads')
      .select('last_message_seq')
      .where('id', '=', threadId)
      .executeTakeFirstOrThrow();
    expect(thread.last_message_seq).toBe(opening + 18);
    const own = await live.db.kysely
      .selectFrom('thread_participants')
      .select('last_read_seq')
      .where('thread_id', '=', threadId)
      .where('participant_id', '=', PEOPLE.ann)
      .executeTakeFirstOrThrow();
    expect(own.last_read_seq).toBe(opening + 18);
  });

  it('stores the same offline_threading_id sent twice to a thread in one batch once', async () => {
    const ann = await live.session('ann');
    const opened = await send(live.app, ann, {
      recipient_id: PEOPLE.ben,
      text: 'dup opening',
      offline_threading_id: 'gc-tdup-open',
    });
    const input = {
      thread_id: opened.message.thread_id,
      text: 'twice to the thread',
      offline_threading_id: 'gc-tdup',
    };
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        send(
          live.app,
          ann,
          i % 3 === 0 ? input : { ...input, offline_threading_id: `gc-tdup-${i}` },
        ),
      ),
    );
    expect(answers[0]!.message.id).toBe(answers[3]!.message.id);
    expect([answers[0]!.created, answers[3]!.created].sort()).toEqual([false, true]);
    const rows = await live.db.kysely
      .selectFrom('messages')
      .select('id')
      .where('offline_threading_id', '=', 'gc-tdup')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('stores the same offline_threading_id sent twice in one batch once', async () => {
    const ann = await live.session('ann');
    const input = {
      recipient_id: PEOPLE.ben,
      text: 'twice at once',
      offline_threading_id: 'gc-dup',
    };
    const [a, b] = await Promise.all([send(live.app, ann, input), send(live.app, ann, input)]);
    expect(a.message.id).toBe(b.message.id);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    const rows = await live.db.kysely
      .selectFrom('messages')
      .select('id')
      .where('offline_threading_id', '=', 'gc-dup')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('answers retries of stored messages from the batch read, with other senders in the batch', async () => {
    const ann = await live.session('ann');
    const ben = await live.session('ben');
    const opened = await send(live.app, ann, {
      recipient_id: PEOPLE.ben,
      text: 'retry opening',
      offline_threading_id: 'gc-retry-open',
    });
    const threadId = opened.message.thread_id;
    const stored = await Promise.all(
      [ann, ben].map((who, i) =>
        send(live.app, who, {
          thread_id: threadId,
          text: `kept ${i}`,
          offline_threading_id: `gc-kept-${i}`,
        }),
      ),
    );
    const reruns = sendBatchStats(live.ctx).rerunsWithSavepoints;
    // Each sender retries their own message among new ones; Ben's offline id
    // is also new for Ann, and Ann's for Ben.
    const answers = await Promise.all([
      send(live.app, ann, {
        thread_id: threadId,
        text: 'kept 0',
        offline_threading_id: 'gc-kept-0',
      }),
      send(live.app, ben, {
        thread_id: threadId,
        text: 'kept 1',
        offline_threading_id: 'gc-kept-1',
      }),
      send(live.app, ann, {
        thread_id: threadId,
        text: 'new for ann',
        offline_threading_id: 'gc-kept-1',
      }),
      send(live.app, ben, {
        thread_id: threadId,
        text: 'new for ben',
        offline_threading_id: 'gc-kept-0',
      }),
    ]);
    expect(answers.map((a) => a.created)).toEqual([false, false, true, true]);
    expect(answers[0].message.id).toBe(stored[0]!.message.id);
    expect(answers[1].message.id).toBe(stored[1]!.message.id);
    expect(answers[2].message.text).toBe('new for ann');
    expect(answers[3].message.text).toBe('new for ben');
    // The stored ones were found by the read, not by a failed insert and a rerun.
    expect(sendBatchStats(live.ctx).rerunsWithSavepoints - reruns).toBe(0);
  });

  it('stores an offline id sent to several threads at once exactly once, refusing the others', async () => {
    const ann = await live.session('ann');
    const threads: string[] = [];
    for (const person of [PEOPLE.ben, PEOPLE.cal, PEOPLE.dot, PEOPLE.eve]) {
      const opening = await send(live.app, ann, {
        recipient_id: person,
        text: 'opening',
        offline_threading_id: `gc-multi-open-${person}`,
      });
      threads.push(opening.message.thread_id);
    }
    // Threads in different lanes write in concurrent batches: the second insert of an
    // offline id fails in the batch's last statement and the batch reruns send by send.
    const ids = Array.from({ length: 8 }, (_, i) => `gc-multi-${i}`);
    const answers = await Promise.all(
      ids.flatMap((offlineId) =>
        threads.map((threadId) =>
          gql<{ send_message: SentMessageResult }>(live.app, ann, SEND, {
            input: { thread_id: threadId, text: offlineId, offline_threading_id: offlineId },
          }),
        ),
      ),
    );
    for (const [i, offlineId] of ids.entries()) {
      const mine = answers.slice(i * threads.length, (i + 1) * threads.length);
      expect(mine.filter((a) => a.data?.send_message.created === true)).toHaveLength(1);
      const refusals = mine.filter((a) => (a.data?.send_message ?? null) === null);
      expect(refusals).toHaveLength(threads.length - 1);
      for (const refusal of refusals)
        expect(codesOf(refusal)).toEqual([{ code: 'bad_request', field: 'offline_threading_id' }]);
      const stored = await live.db.kysely
        .selectFrom('messages')
        .select('thread_id')
        .where('sender_id', '=', PEOPLE.ann)
        .where('offline_threading_id', '=', offlineId)
        .execute();
      expect(stored).toHaveLength(1);
    }
  });
});
