// One load run with autocannon, in this process (pinned to the generator's core), and what the
// server did meanwhile: CPU time from /proc/<pid>/stat, memory from /proc/<pid>/status, the CPU of
// the PostgreSQL backends serving its database, and how busy the rest of the machine was.
// Latency is recorded here in microseconds for every response (autocannon's own histogram keeps
// whole milliseconds and 2xx only), with Node's native HDR histogram.
import { createHistogram } from 'node:perf_hooks';
import autocannon from 'autocannon';
import type { BackendLister } from './database.ts';
import { machineCpuMicros, processCpuMicros, processCpuTimes, processMemory } from './proc.ts';

export type RequestSpec = {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Called before each request of the connection; returns the request to send. */
  setupRequest?: (req: autocannon.Request) => autocannon.Request;
  /** Called with each response of the connection, before its next request is built. */
  onResponse?: (status: number, body: string) => void;
};

export type LoadTarget = { origin: string; pid: number; database?: string };

export type LoadOptions = {
  target: LoadTarget;
  connections: number;
  durationSeconds: number;
  /** The request of the connection with this index (0..connections-1). */
  requestFor: (connection: number) => RequestSpec;
  /** A 2xx response whose body fails this is counted as a mismatch (e.g. `"active":false`). */
  verifyBody?: (body: string) => boolean;
  backends?: BackendLister;
};

export type Measurement = {
  seconds: number;
  responses: number;
  ok: number;
  non2xx: Record<string, number>;
  mismatches: number;
  errors: number;
  timeouts: number;
  reqPerSec: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  serverCpuMicrosPerRequest: number;
  /** The share of that CPU time spent in the kernel (stime): system calls, loopback TCP to the client and to PostgreSQL. */
  serverKernelShare: number;
  /** Server CPU time over wall time: near 1.0 means the server's core was the limit. */
  serverCoreBusy: number;
  postgresCpuMicrosPerRequest: number | null;
  generatorCoreBusy: number;
  /** CPU used by everything else on the machine, in cores (this machine is shared). */
  otherCores: number;
  peakRssBytes: number;
  hwmBytes: number;
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

export async function runLoad(options: LoadOptions): Promise<Measurement> {
  const { target } = options;
  await waitForQuiet(target.pid);
  const histogram = createHistogram();
  const non2xx: Record<string, number> = {};
  let responses = 0;
  let ok = 0;
  let mismatches = 0;
  let connection = 0;

  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, processMemory(target.pid)?.rss ?? 0);
  }, 250);

  const pgBefore = await backendCpu(options.backends, target.database);
  const serverBefore = processCpuTimes(target.pid) ?? { user: 0, system: 0 };
  const machineBefore = machineCpuMicros();
  const generatorBefore = process.cpuUsage();
  const started = performance.now();

  const result = await autocannon({
    url: target.origin,
    connections: options.connections,
    duration: options.durationSeconds,
    pipelining: 1,
    timeout: 10,
    setupClient: (client: autocannon.Client) => {
      const spec = options.requestFor(connection++);
      const { onResponse, ...request } = spec;
      client.setRequests([
        {
          ...request,
          onResponse: (status: number, body: string) => {
            responses++;
            if (status >= 200 && status < 300) {
              if (options.verifyBody && !options.verifyBody(body)) mismatches++;
              else ok++;
            } else {
              non2xx[status] = (non2xx[status] ?? 0) + 1;
            }
            onResponse?.(status, body);
          },
        },
      ]);
      client.on('response', (_status: number, _bytes: number, responseTimeMs: number) => {
        histogram.record(Math.max(1, Math.round(responseTimeMs * 1000)));
      });
    },
  });

  const seconds = (performance.now() - started) / 1000;
  const generator = process.cpuUsage(generatorBefore);
  const machineAfter = machineCpuMicros();
  const serverAfter = processCpuTimes(target.pid) ?? serverBefore;
  const serverSystem = serverAfter.system - serverBefore.system;
  const serverMicros = serverAfter.user - serverBefore.user + serverSystem;
  const pgMicros = backendDelta(pgBefore, await backendCpu(options.backends, target.database));
  clearInterval(sampler);
  const memory = processMemory(target.pid);
  peakRss = Math.max(peakRss, memory?.rss ?? 0);

  const generatorMicros = generator.user + generator.system;
  const machineBusy = machineAfter.busy - machineBefore.busy;
  const wallMicros = seconds * 1_000_000;
  const ms = (micros: number) => micros / 1000;
  return {
    seconds,
    responses,
    ok,
    non2xx,
    mismatches,
    errors: result.errors,
    timeouts: result.timeouts,
    reqPerSec: ok / seconds,
    latencyMs: {
      p50: ms(histogram.percentile(50)),
      p90: ms(histogram.percentile(90)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
      mean: ms(histogram.mean),
    },
    serverCpuMicrosPerRequest: responses ? serverMicros / responses : 0,
    serverKernelShare: serverMicros ? serverSystem / serverMicros : 0,
    serverCoreBusy: serverMicros / wallMicros,
    postgresCpuMicrosPerRequest: pgMicros === null || !responses ? null : pgMicros / responses,
    generatorCoreBusy: generatorMicros / wallMicros,
    otherCores: Math.max(0, (machineBusy - serverMicros - generatorMicros - (pgMicros ?? 0)) / wallMicros),
    peakRssBytes: peakRss,
    hwmBytes: memory?.hwm ?? 0,
  };
}
