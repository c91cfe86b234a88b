// Readings from /proc: a process's CPU time and memory, and the whole machine's CPU use (to show
// how much else ran during a measurement: this machine is shared with other work).
import { readFileSync } from 'node:fs';

/** USER_HZ: /proc/<pid>/stat counts CPU time in these ticks; 100 on every Linux we target. */
const TICKS_PER_SECOND = 100;
const MICROS_PER_TICK = 1_000_000 / TICKS_PER_SECOND;

/** utime and stime (kernel) of a process, in microseconds (10 ms resolution). Null if it is gone. */
export function processCpuTimes(pid: number): { user: number; system: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[11]) * MICROS_PER_TICK, system: Number(fields[12]) * MICROS_PER_TICK };
  } catch {
    return null;
  }
}

/** utime + stime of a process, in microseconds. Null if it is gone. */
export function processCpuMicros(pid: number): number | null {
  const times = processCpuTimes(pid);
  return times ? times.user + times.system : null;
}

/** VmRSS (now) and VmHWM (peak so far) of a process, in bytes. */
export function processMemory(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return null;
  }
}

/** Busy and total CPU time of the whole machine (all cores), in microseconds. */
export function machineCpuMicros(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy: busy * MICROS_PER_TICK, total: (busy + idle! + iowait!) * MICROS_PER_TICK };
}
