import type { AppContext } from '../../context';
import { storesOf } from '../../storage/stores';
import { commitWithDeltas } from '../sync/commit';
import { readAckMarks } from '../sync/delta-log';
import { withSyncTables } from '../../storage/tables/sync';
import { viewingsAs } from './audience';
import { getParticipants, sendersBetween } from './repo';

/**
 * A device of `userId` stored every delta up to `seq`: the messages among
 * them that others sent become delivered for the participant the user
 * received them as, and each of their senders gets message_delivered. The
 * user's watermark (delivery_acks) makes a repeated or older ack a no-op.
 */
export async function processAck(ctx: AppContext, userId: string, seq: number): Promise<void> {
  await commitWithDeltas(ctx, async (trx, sink) => {
    const k = withSyncTables(trx);
    await k
      .insertInto('delivery_acks')
      .values({ user_id: userId, acked_seq: 0 })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    const watermark = storesOf(ctx.db).locks.forUpdate(
      k.selectFrom('delivery_acks').select('acked_seq').where('user_id', '=', userId),
    );
    const acked = (await watermark.executeTakeFirstOrThrow()).acked_seq;
    if (seq <= acked) return;
    await k
      .updateTable('delivery_acks')
      .set({ acked_seq: seq })
      .where('user_id', '=', userId)
      .execute();

    const marks = await readAckMarks(trx, userId, acked, seq);
    for (const mark of marks) {
      const threadId = mark.ack_thread_id;
      const as = mark.ack_as;
      const upto = mark.upto;
      const participants = await getParticipants(k, threadId);
      const row = participants.find((p) => p.participant_id === as);
      if (row === undefined || upto <= Math.max(row.last_delivered_seq, row.last_read_seq))
        continue;
      const from = Math.max(row.last_delivered_seq, row.last_read_seq);
      await k
        .updateTable('thread_participants')
        .set({ last_delivered_seq: upto })
        .where('thread_id', '=', threadId)
        .where('participant_id', '=', as)
        .execute();
      const delta = {
        kind: 'message_delivered',
        thread_id: threadId,
        user_id: as,
        seq: upto,
      } as const;
      const told = new Set<string>();
      for (const sender of await sendersBetween(k, threadId, from, upto, as)) {
        for (const viewing of await viewingsAs(k, participants, sender)) {
          if (told.has(viewing.userId)) continue;
          told.add(viewing.userId);
          sink.add({ userId: viewing.userId, delta });
        }
      }
    }
  });
}

/**
 * Acks arrive per delta; under load one user's acks are merged, one
 * transaction per user at a time with the highest seq seen meanwhile.
 */
export class DeliveryQueue {
  private readonly pending = new Map<string, number>();
  private readonly running = new Map<string, Promise<void>>();

  constructor(private readonly ctx: AppContext) {}

  enqueue(userId: string, seq: number): void {
    this.pending.set(userId, Math.max(seq, this.pending.get(userId) ?? 0));
    if (!this.running.has(userId)) this.running.set(userId, this.run(userId));
  }

  /** Resolves once every ack received so far is processed. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running.values());
  }

  private async run(userId: string): Promise<void> {
    try {
      for (let seq = this.pending.get(userId); seq !== undefined; seq = this.pending.get(userId)) {
        this.pending.delete(userId);
        try {
          await processAck(this.ctx, userId, seq);
        } catch (error) {
          this.ctx.logger.warn({ err: error, userId }, 'delivery ack failed');
        }
      }
    } finally {
      this.running.delete(userId);
    }
  }
}
