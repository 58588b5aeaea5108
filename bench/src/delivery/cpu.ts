import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time of a phase, per message and per kind of process, from Linux's
 * /proc: the server's own processes, this machine's PostgreSQL and Redis, and
 * this load generator. On two cores the messenger, its database and the load
 * generator share the machine while the bare server is bound by its one
 * thread, so a ratio of the two ceilings reads differently once the shares
 * are known. Elsewhere than Linux nothing is reported.
 */

export interface CpuShares {
  /** µs of CPU per accepted message. */
  server: number;
  /** 0 when no PostgreSQL runs on this machine (or the target does not use it). */
  postgres: number;
  redis: number;
  client: number;
  /** The machine's busy share of all its cores over the phase, 0 to 1. */
  machineBusy: number;
}

interface Sample {
  /** µs of CPU of each server process. */
  server: Map<number, number>;
  /** µs of CPU of each PostgreSQL and each Redis process. */
  postgres: Map<number, number>;
  redis: Map<number, number>;
  client: number;
  machineBusy: number;
  machineTotal: number;
}

// /proc counts in USER_HZ ticks, which Linux fixes at 100 a second for user space.
const TICKS_PER_SECOND = 100;
const MICROS_PER_TICK = 1_000_000 / TICKS_PER_SECOND;

/** user + system time of a process and all its threads, in µs; undefined when it is gone. */
function processMicros(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may hold spaces, in parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * MICROS_PER_TICK;
  } catch {
    return undefined;
  }
}

function commandOf(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

function timesOf(pids: Iterable<number>): Map<number, number> {
  const times = new Map<number, number>();
  for (const pid of pids) {
    const micros = processMicros(pid);
    if (micros !== undefined) times.set(pid, micros);
  }
  return times;
}

/** The database's and the bus's processes, found again at each sample (backends come and go). */
function serviceTimes(): { postgres: Map<number, number>; redis: Map<number, number> } {
  const postgres: number[] = [];
  const redis: number[] = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const command = commandOf(pid);
    if (command.startsWith('postgres')) postgres.push(Number(pid));
    else if (command.startsWith('redis-server')) redis.push(Number(pid));
  }
  return { postgres: timesOf(postgres), redis: timesOf(redis) };
}

/**
 * CPU spent between two samples by the processes alive at the second: one
 * that started between them counts whole; one that ended between them is
 * left out (its last times cannot be read), rather than subtracted.
 */
function spent(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, micros] of after) total += Math.max(0, micros - (before.get(pid) ?? 0));
  return total;
}

/** The machine's busy and total time so far, over all its cores, in µs (/proc/stat). */
export function machineMicros(): { busy: number; total: number } {
  const [line] = readFileSync('/proc/stat', 'utf8').split('\n');
  const ticks = (line ?? '').trim().split(/\s+/).slice(1).map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const total = ticks.reduce((sum, t) => sum + t, 0);
  return { busy: (total - idle) * MICROS_PER_TICK, total: total * MICROS_PER_TICK };
}

function sample(serverPids: readonly number[], services: boolean): Sample | null {
  if (process.platform !== 'linux') return null;
  try {
    const { postgres, redis } = services
      ? serviceTimes()
      : { postgres: new Map<number, number>(), redis: new Map<number, number>() };
    const usage = process.cpuUsage();
    const machine = machineMicros();
    return {
      server: timesOf(serverPids),
      postgres,
      redis,
      client: usage.user + usage.system,
      machineBusy: machine.busy,
      machineTotal: machine.total,
    };
  } catch {
    return null;
  }
}

/**
 * Starts measuring; the returned function ends it, given the phase's accepted
 * messages. `services`: the target uses this machine's PostgreSQL and Redis
 * (otherwise their time is left out, whatever else runs on them).
 */
export function measureCpu(
  serverPids: readonly number[],
  services: boolean,
): (messages: number) => CpuShares | null {
  const before = sample(serverPids, services);
  return (messages) => {
    const after = sample(serverPids, services);
    if (before === null || after === null || messages === 0) return null;
    const per = (key: 'server' | 'postgres' | 'redis'): number =>
      spent(before[key], after[key]) / messages;
    const total = after.machineTotal - before.machineTotal;
    return {
      server: per('server'),
      postgres: per('postgres'),
      redis: per('redis'),
      client: (after.client - before.client) / messages,
      machineBusy: total > 0 ? (after.machineBusy - before.machineBusy) / total : 0,
    };
  };
}

/** `CPU per message: server 254 µs, PostgreSQL 151 µs, ...; machine 98% busy`. */
export function cpuLine(cpu: CpuShares): string {
  const parts = [`server ${Math.round(cpu.server)} µs`];
  if (cpu.postgres >= 1) parts.push(`PostgreSQL ${Math.round(cpu.postgres)} µs`);
  if (cpu.redis >= 1) parts.push(`Redis ${Math.round(cpu.redis)} µs`);
  parts.push(`load generator ${Math.round(cpu.client)} µs`);
  return `CPU per message: ${parts.join(', ')}; machine ${Math.round(cpu.machineBusy * 100)}% busy`;
}
