/**
 * Where a bench round's CPU went: the app server's process, PostgreSQL's processes (its backends
 * serve the server's pool; none under PGlite, whose database runs inside the server), the load
 * generator (this process: autocannon), and the whole machine. Divided by the round's requests it
 * gives CPU microseconds per request for each party, which shows whether a route's distance to
 * the one-query ceiling is our Node code, the database's work, or neither (both cores busy with
 * the same split as the ceiling). Linux only (/proc); elsewhere every figure is NaN.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Kernel clock ticks per second (USER_HZ); 100 on every Linux a bench runs on. */
const TICKS_PER_SECOND = 100;

export interface CpuSnapshot {
  server: number;
  postgres: number;
  bench: number;
  machineBusy: number;
  machineTotal: number;
}

/** utime + stime of one process, in seconds; NaN when it is gone. */
function processSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command may contain spaces and parentheses: fields are counted after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

/** Every running PostgreSQL process (postmaster, backends, background workers), in seconds. */
function postgresSeconds(): number {
  let total = 0;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return Number.NaN;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const seconds = processSeconds(Number(entry));
      if (!Number.isNaN(seconds)) total += seconds;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

function machineSeconds(): { busy: number; total: number } {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const [user, nice, system, idle, iowait, irq, softirq, steal] = line
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const busy = (user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0);
    return { busy: busy / TICKS_PER_SECOND, total: (busy + (idle ?? 0) + (iowait ?? 0)) / TICKS_PER_SECOND };
  } catch {
    return { busy: Number.NaN, total: Number.NaN };
  }
}

export function cpuSnapshot(serverPid: number): CpuSnapshot {
  const usage = process.cpuUsage();
  const machine = machineSeconds();
  return {
    server: processSeconds(serverPid),
    postgres: postgresSeconds(),
    bench: (usage.user + usage.system) / 1e6,
    machineBusy: machine.busy,
    machineTotal: machine.total,
  };
}

/** CPU microseconds per request of each party between two snapshots, and how busy the machine was. */
export interface CpuPerRequest {
  serverUs: number;
  postgresUs: number;
  benchUs: number;
  /** Busy share of all cores over the round, 0–1. */
  machineBusy: number;
}

export function cpuPerRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number): CpuPerRequest {
  const perRequest = (seconds: number) => Math.round((seconds * 1e6) / Math.max(1, requests));
  const total = after.machineTotal - before.machineTotal;
  return {
    serverUs: perRequest(after.server - before.server),
    postgresUs: perRequest(after.postgres - before.postgres),
    benchUs: perRequest(after.bench - before.bench),
    machineBusy: Number(((after.machineBusy - before.machineBusy) / total).toFixed(2)),
  };
}
