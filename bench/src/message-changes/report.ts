/**
 * The message-changes bench's table: per kind of change, p50/p99 from the
 * request leaving and from its answer arriving to the last other socket, and
 * each kind's ratio to the plain message of the same run. A ratio is what
 * this shared machine lets one compare across runs; absolute figures move
 * with its load.
 */
import { percentile } from '../progress';

export const KINDS = ['plain', 'plain-graphql', 'reaction', 'edit'] as const;
export type Kind = (typeof KINDS)[number];

export interface Sample {
  kind: Kind;
  /** ms from the request leaving to the last other socket's delta. */
  fromSent: number;
  /** ms from the request's answer to the last other socket's delta (negative: deltas came first). */
  fromAccepted: number;
}

interface Figures {
  count: number;
  sent: { p50: number; p99: number };
  accepted: { p50: number; p99: number };
}

function figuresOf(samples: readonly Sample[], kind: Kind): Figures {
  const mine = samples.filter((s) => s.kind === kind);
  const sent = mine.map((s) => s.fromSent).sort((a, b) => a - b);
  const accepted = mine.map((s) => s.fromAccepted).sort((a, b) => a - b);
  return {
    count: mine.length,
    sent: { p50: percentile(sent, 50), p99: percentile(sent, 99) },
    accepted: { p50: percentile(accepted, 50), p99: percentile(accepted, 99) },
  };
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;
const ratio = (a: number, b: number): string => `${(a / b).toFixed(2)}×`;

export function printReport(label: string, sockets: number, samples: readonly Sample[]): void {
  const figures = new Map(KINDS.map((kind) => [kind, figuresOf(samples, kind)]));
  const plain = figures.get('plain')!;
  const plainHttp = figures.get('plain-graphql')!;
  console.log(`\n${label}: to the last of ${sockets - 1} other sockets`);
  console.log(
    'kind           n     sent→last p50 / p99       accepted→last p50 / p99   ×plain (sent p50 / p99)   ×plain-graphql (sent p50 / p99)',
  );
  for (const kind of KINDS) {
    const f = figures.get(kind)!;
    console.log(
      [
        kind.padEnd(14),
        String(f.count).padEnd(5),
        `${ms(f.sent.p50)} / ${ms(f.sent.p99)}`.padEnd(25),
        `${ms(f.accepted.p50)} / ${ms(f.accepted.p99)}`.padEnd(25),
        `${ratio(f.sent.p50, plain.sent.p50)} / ${ratio(f.sent.p99, plain.sent.p99)}`.padEnd(25),
        `${ratio(f.sent.p50, plainHttp.sent.p50)} / ${ratio(f.sent.p99, plainHttp.sent.p99)}`,
      ].join(' '),
    );
  }
}
