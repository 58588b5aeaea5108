import { cpuLine, type CpuShares } from './cpu';
import type { Distribution } from './probes';
import type { SendResult } from './load';

/** A phase's send figures with what its sockets received, and the CPU it took (null off Linux). */
export type Phase = SendResult & {
  delivered: number;
  latency: Distribution;
  cpu: CpuShares | null;
};

/** A closed loop at one count of sends in flight. */
export interface SaturationStep {
  concurrency: number;
  phase: Phase;
}

export interface TargetFigures {
  label: string;
  nodes: number;
  load: {
    connectSeconds: number;
    bytesPerSocket: number;
    heapPerSocket: number | null;
    /** The fixed rate's first seconds, reported apart: the server is still compiling and filling caches. */
    warmup: Phase | null;
    fixed: Phase;
    /** One closed loop per count of sends in flight. */
    saturation: SaturationStep[];
  };
  history: { client: Distribution; server: Distribution } | null;
  resume: { times: Distribution; replayed: number[]; produceSeconds: number } | null;
  /** Benchmark messages found in the database after the run. */
  persisted: number | null;
}

interface Report {
  sockets: number;
  groupSize: number;
  rate: number;
  seconds: number;
  resumeDeltas: number;
  resumeThreads: number;
  results: TargetFigures[];
  loadAfter: number[];
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;
const perSecond = (count: number, seconds: number): number => Math.round(count / seconds);
const ratio = (a: number, b: number): string => (b > 0 ? `${((a / b) * 100).toFixed(0)}%` : 'n/a');
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

function phaseLine(name: string, phase: Phase, groupSize: number): string {
  const expected = phase.accepted * groupSize;
  return (
    `  ${name}: ${perSecond(phase.accepted, phase.seconds)} messages/s accepted` +
    ` (${phase.accepted} in ${phase.seconds.toFixed(1)} s, ${phase.failed} failed, ${phase.late} left late),` +
    ` ${perSecond(phase.deliveriesInWindow, phase.seconds)} deliveries/s,` +
    ` ${phase.delivered}/${expected} delivered,` +
    ` latency p50 ${ms(phase.latency.p50)} p99 ${ms(phase.latency.p99)} max ${ms(phase.latency.max)}` +
    (phase.cpu === null ? '' : `\n    ${cpuLine(phase.cpu)}`)
  );
}

const deliveryRate = (phase: Phase): number => phase.deliveriesInWindow / phase.seconds;

/** A server's ceiling: the closed loop in which it delivered the most per second. */
function ceilingOf(steps: readonly SaturationStep[]): SaturationStep | undefined {
  let best: SaturationStep | undefined;
  for (const step of steps) {
    if (best === undefined || deliveryRate(step.phase) > deliveryRate(best.phase)) best = step;
  }
  return best;
}

/** The figures of every target, each messenger figure also as a ratio of the bare ceiling. */
export function printReport(report: Report): void {
  const [bare] = report.results;
  if (bare === undefined) return;
  console.log('\n=== results ===');
  for (const target of report.results) {
    const { load } = target;
    console.log(`${target.label} (${target.nodes} node${target.nodes > 1 ? 's' : ''}):`);
    console.log(
      `  idle sockets: ${report.sockets} ready in ${load.connectSeconds.toFixed(1)} s;` +
        ` server RSS ${kb(load.bytesPerSocket)} per socket` +
        (load.heapPerSocket === null ? '' : `, JS heap ${kb(load.heapPerSocket)} per socket`),
    );
    if (load.warmup !== null)
      console.log(
        phaseLine(`warm-up ${report.rate}/s (not counted)`, load.warmup, report.groupSize),
      );
    console.log(phaseLine(`fixed ${report.rate}/s`, load.fixed, report.groupSize));
    const ceiling = ceilingOf(load.saturation);
    for (const step of load.saturation) {
      const name = `closed loop of ${step.concurrency}${step === ceiling ? ' (ceiling)' : ''}`;
      console.log(phaseLine(name, step.phase, report.groupSize));
    }
    if (target !== bare) {
      const f = load.fixed;
      const b = bare.load.fixed;
      console.log(
        `  vs bare at the fixed rate: deliveries/s ${ratio(f.deliveriesInWindow / f.seconds, b.deliveriesInWindow / b.seconds)},` +
          ` latency p50 ×${(f.latency.p50 / b.latency.p50).toFixed(1)}, p99 ×${(f.latency.p99 / b.latency.p99).toFixed(1)}`,
      );
      const bareCeiling = ceilingOf(bare.load.saturation);
      if (ceiling !== undefined && bareCeiling !== undefined) {
        console.log(
          `  vs bare ceiling (each at its best closed loop, ${ceiling.concurrency} and ${bareCeiling.concurrency} in flight):` +
            ` deliveries/s ${ratio(deliveryRate(ceiling.phase), deliveryRate(bareCeiling.phase))}`,
        );
        const alike = load.saturation.map((step) => {
          const twin = bare.load.saturation.find((b) => b.concurrency === step.concurrency);
          return twin === undefined
            ? null
            : `${step.concurrency}: ${ratio(deliveryRate(step.phase), deliveryRate(twin.phase))}`;
        });
        console.log(
          `  vs bare at the same sends in flight: ${alike.filter((a) => a !== null).join(', ')}`,
        );
      }
    }
    if (target.persisted !== null) {
      const accepted =
        (load.warmup?.accepted ?? 0) +
        load.fixed.accepted +
        load.saturation.reduce((sum, step) => sum + step.phase.accepted, 0);
      console.log(
        `  persisted: ${target.persisted} benchmark messages in the database for ${accepted} accepted`,
      );
    }
    if (target.history !== null) {
      const { client: c, server: s } = target.history;
      console.log(
        `  history page of 50, server time (Server-Timing): p50 ${ms(s.p50)} p95 ${ms(s.p95)} p99 ${ms(s.p99)} (${s.samples} requests)`,
      );
      console.log(
        `  history page of 50, client-timed over loopback: p50 ${ms(c.p50)} p95 ${ms(c.p95)} p99 ${ms(c.p99)}`,
      );
    }
    if (target.resume !== null) {
      const r = target.resume;
      console.log(
        `  resume after ${report.resumeDeltas} deltas across ${report.resumeThreads} threads` +
          ` (produced in ${r.produceSeconds.toFixed(1)} s): time to ready p50 ${ms(r.times.p50)}` +
          ` p95 ${ms(r.times.p95)} max ${ms(r.times.max)} over ${r.times.samples} users;` +
          ` replayed ${Math.min(...r.replayed)}–${Math.max(...r.replayed)} deltas each`,
      );
    }
  }
  console.log(`load average after the run: ${report.loadAfter.map((l) => l.toFixed(2)).join(' ')}`);
}
