// One load run with autocannon, in this process (pinned to the generator's core), and what the
// server did meanwhile (meter.ts: CPU, memory, its PostgreSQL backends, the rest of the machine).
// Latency is recorded here in microseconds for every response (autocannon's own histogram keeps
// whole milliseconds and 2xx only), with Node's native HDR histogram.
import { createHistogram } from 'node:perf_hooks';
import autocannon from 'autocannon';
import type { BackendLister } from './database.ts';
import { startMeter, waitForQuiet, type LoadTarget, type MeterReading } from './meter.ts';

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

/** A row's figures: what its driver counted, with the meter's readings over the same run. */
export type Measurement = MeterReading & {
  responses: number;
  ok: number;
  non2xx: Record<string, number>;
  mismatches: number;
  errors: number;
  timeouts: number;
  reqPerSec: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
};

export async function runLoad(options: LoadOptions): Promise<Measurement> {
  const { target } = options;
  await waitForQuiet(target.pid);
  const histogram = createHistogram();
  const non2xx: Record<string, number> = {};
  let responses = 0;
  let ok = 0;
  let mismatches = 0;
  let connection = 0;

  const meter = await startMeter(target, options.backends);
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

  const reading = await meter.stop(responses);
  const ms = (micros: number) => micros / 1000;
  return {
    ...reading,
    responses,
    ok,
    non2xx,
    mismatches,
    errors: result.errors,
    timeouts: result.timeouts,
    reqPerSec: ok / reading.seconds,
    latencyMs: {
      p50: ms(histogram.percentile(50)),
      p90: ms(histogram.percentile(90)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
      mean: ms(histogram.mean),
    },
  };
}
