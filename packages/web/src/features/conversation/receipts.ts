/** One participant's marks in a thread (thread_state participants). */
export interface ParticipantMarks {
  readonly id: string;
  readonly last_read_seq: number;
  readonly last_delivered_seq: number;
}

export type ReceiptState = 'sent' | 'delivered' | 'seen';

/**
 * What the sender sees of their message `seq`: the least advanced state among
 * the other participants (seen by all, delivered to all, else sent).
 */
export function receiptState(
  seq: number,
  participants: readonly ParticipantMarks[],
  viewerParticipantId: string,
): ReceiptState {
  const others = participants.filter((p) => p.id !== viewerParticipantId);
  if (others.length === 0) return 'sent';
  if (others.every((p) => p.last_read_seq >= seq)) return 'seen';
  if (others.every((p) => p.last_delivered_seq >= seq || p.last_read_seq >= seq))
    return 'delivered';
  return 'sent';
}
