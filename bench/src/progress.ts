import os from 'node:os';

/** One progress line, redrawn in place on a terminal and printed plainly otherwise. */
export function progressLine(label: string, done: number, total: number): void {
  const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
  const line = `${label} ${String(percent).padStart(3)}% (${done}/${total})`;
  if (process.stderr.isTTY) process.stderr.write(`\r${line.padEnd(70)}`);
  else if (done === total || done === 0) process.stderr.write(`${line}\n`);
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export function describeMachine(): string {
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

/** The machine and its load average now: the first line of what reproduces a figure. */
export function machineLine(): string {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  return `machine: ${describeMachine()}, load average ${load}`;
}
