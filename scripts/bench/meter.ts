// What a server did while a row ran, read from /proc: its CPU time (user and kernel), its memory,
// the CPU of the PostgreSQL backends serving its database, the generator's own CPU, and how busy
// the rest of the machine was. One place for these readings, whatever drives the row (autocannon
// in load.ts, the webhook writers in webhooks/driver.ts), so every row's figures mean the same.
import type { BackendLister } from './database.ts';
import { machineCpuMicros, processCpuMicros, processCpuTimes, processMemory } from './proc.ts';

export type LoadTarget = { origin: string; pid: number; database?: string };

export type MeterReading = {
  seconds: number;
  serverCpuMicrosPerRequest: number;
  /** The share of that CPU time spent in the kernel (stime): system calls, loopback TCP to the client and to PostgreSQL. */
  serverKernelShare: number;
  /** Server CPU time over wall time: near 1.0 means the server's core was the limit. */
  serverCoreBusy: number;
  postgresCpuMicrosPerRequest: number | null;
  /** PostgreSQL transactions (statements outside BEGIN count one each) per request: grouped work shows here. */
  postgresTransactionsPerRequest?: number | null;
  generatorCoreBusy: number;
  /** CPU used by everything else on the machine, in cores (this machine is shared). */
  otherCores: number;
  peakRssBytes: number;
  hwmBytes: number;
};

export type Meter = {
  /** Stops the readings; `units` is what the per-request figures are divided by (responses, events). */
  stop(units: number): Promise<MeterReading>;
};

async function backendCpu(
  backends: BackendLister | undefined,
  database: string | undefined,
): Promise<Map<number, number> | null> {
  if (!backends || !database) return null;
  const cpu = new Map<number, number>();
  for (const pid of await backends.pids(database)) cpu.set(pid, processCpuMicros(pid) ?? 0);
  return cpu;
}

/** CPU the backends spent between two readings; a backend that appeared meanwhile counts whole. */
function backendDelta(before: Map<number, number> | null, after: Map<number, number> | null): number | null {
  if (!before || !after) return null;
  let total = 0;
  for (const [pid, micros] of after) total += micros - (before.get(pid) ?? 0);
  return total;
}

export async function startMeter(target: LoadTarget, backends: BackendLister | undefined): Promise<Meter> {
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, processMemory(target.pid)?.rss ?? 0);
  }, 250);

  const pgBefore = await backendCpu(backends, target.database);
  const transactionsBefore = backends && target.database ? await backends.transactions(target.database) : null;
  const serverBefore = processCpuTimes(target.pid) ?? { user: 0, system: 0 };
  const machineBefore = machineCpuMicros();
  const generatorBefore = process.cpuUsage();
  const started = performance.now();

  return {
    async stop(units) {
      const seconds = (performance.now() - started) / 1000;
      const generator = process.cpuUsage(generatorBefore);
      const machineAfter = machineCpuMicros();
      const serverAfter = processCpuTimes(target.pid) ?? serverBefore;
      const serverSystem = serverAfter.system - serverBefore.system;
      const serverMicros = serverAfter.user - serverBefore.user + serverSystem;
      const pgMicros = backendDelta(pgBefore, await backendCpu(backends, target.database));
      const transactions =
        transactionsBefore !== null && backends && target.database
          ? (await backends.transactions(target.database)) - transactionsBefore
          : null;
      clearInterval(sampler);
      const memory = processMemory(target.pid);
      peakRss = Math.max(peakRss, memory?.rss ?? 0);

      const generatorMicros = generator.user + generator.system;
      const machineBusy = machineAfter.busy - machineBefore.busy;
      const wallMicros = seconds * 1_000_000;
      return {
        seconds,
        serverCpuMicrosPerRequest: units ? serverMicros / units : 0,
        serverKernelShare: serverMicros ? serverSystem / serverMicros : 0,
        serverCoreBusy: serverMicros / wallMicros,
        postgresCpuMicrosPerRequest: pgMicros === null || !units ? null : pgMicros / units,
        postgresTransactionsPerRequest: transactions === null || !units ? null : transactions / units,
        generatorCoreBusy: generatorMicros / wallMicros,
        otherCores: Math.max(0, (machineBusy - serverMicros - generatorMicros - (pgMicros ?? 0)) / wallMicros),
        peakRssBytes: peakRss,
        hwmBytes: memory?.hwm ?? 0,
      };
    },
  };
}

/**
 * Waits until the server has finished what an earlier run left it (requests it had read before the
 * generator hung up still run to the end): its CPU use over 200 ms below 5%, or 15 s at most.
 * Otherwise a run would start behind a backlog, and a short one could see no response at all.
 */
export async function waitForQuiet(pid: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  let last = processCpuMicros(pid) ?? 0;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    const now = processCpuMicros(pid) ?? 0;
    if (now - last < 10_000) return;
    last = now;
  }
}
