// The webhooks-burst row (bench/README.md "Webhooks"): a burst of writes whose events go to five
// endpoints at once, none waiting for its events. Each run makes BURST_COURSES fresh draft courses
// first (outside the measurement), then publishes them all, WRITE_CONCURRENCY at a time: each
// publish commits one `course.published` event and a delivery to each of the BURST_ENDPOINTS
// endpoints, BURST_DELIVERIES deliveries in all. The row reports the deliveries per second from
// the first commit to the last receipt, and the delay of each delivery from its write's response
// (its commit) to its arrival; a delivery missing after BURST_TIMEOUT_MS counts as lost.
import { Webhook } from 'standardwebhooks';
import type { BackendLister } from '../database.ts';
import { discover } from '../fixtures/browser-flow.ts';
import { operatorToken } from '../fixtures/ours.ts';
import type { Measurement } from '../load.ts';
import { startMeter, waitForQuiet, type LoadTarget } from '../meter.ts';
import type { RowDriver } from '../scenarios.ts';
import { summarizeDelays } from './ledger.ts';
import { adminCall, removeEndpoints, setEndpointsEnabled, whileEnabled } from './endpoints.ts';
import { startBenchReceiver, type BenchReceiver, type Delivery } from './receiver.ts';

export const BURST_ENDPOINTS = 5;
const BURST_COURSES = 200;
export const BURST_DELIVERIES = BURST_COURSES * BURST_ENDPOINTS;
const WRITE_CONCURRENCY = 8;
const BURST_TIMEOUT_MS = 60_000;
const SCOPE = 'courses:read courses:write webhooks:write';

export function createWebhookBurstDriver(server: LoadTarget, options: { log: (line: string) => void }): RowDriver {
  const { origin } = server;
  let authorization = '';
  /** The endpoints this run made, deleted at its close (a later run's writes must not fan out to them). */
  const endpointIds: string[] = [];
  const receivers: BenchReceiver[] = [];
  const verifiers: Webhook[] = [];
  /** `<endpoint> <course id>` → receipt time, for the current run. */
  let arrivals = new Map<string, number>();
  let invalid = 0;
  let onArrival: () => void = () => undefined;

  function onDelivery(endpoint: number, delivery: Delivery): void {
    let courseId = '';
    try {
      verifiers[endpoint]!.verify(delivery.body, delivery.headers);
      const event = JSON.parse(delivery.body) as { type?: string; data?: { id?: string } };
      if (event.type === 'course.published') courseId = String(event.data?.id);
    } catch {
      invalid++;
      return;
    }
    const key = `${endpoint} ${courseId}`;
    if (!arrivals.has(key)) arrivals.set(key, delivery.at);
    onArrival();
  }

  const admin = <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
    adminCall<T>('webhooks-burst row', origin, authorization, method, path, body);

  return {
    async prepare() {
      const unrouted = await fetch(`${origin}/api/v1/webhooks`);
      await unrouted.arrayBuffer();
      if (unrouted.status === 404) return 'GET /api/v1/webhooks answers 404: no webhooks in this tree';
      authorization = `Bearer ${await operatorToken(await discover(origin), SCOPE)}`;
      for (let i = 0; i < BURST_ENDPOINTS; i++) {
        const receiver = await startBenchReceiver((delivery) => onDelivery(i, delivery));
        receivers.push(receiver);
        const endpoint = await admin<{ id: string; secret: string }>('POST', '/api/v1/webhooks', {
          url: receiver.url,
          description: `Benchmark burst receiver ${i + 1}`,
          event_types: ['course.published'],
        });
        endpointIds.push(endpoint.id);
        verifiers.push(new Webhook(endpoint.secret));
      }
      // Enabled only while this row is measured (endpoints.ts says why).
      await setEndpointsEnabled(origin, authorization, endpointIds, false);
      return undefined;
    },

    async measure(_seconds: number, backends: BackendLister | undefined): Promise<Measurement> {
      return whileEnabled(origin, authorization, endpointIds, () => measureEnabled(backends));
    },

    async close() {
      await removeEndpoints(origin, authorization, endpointIds.splice(0));
      await Promise.all(receivers.map((r) => r.close()));
    },
  };

  async function measureEnabled(backends: BackendLister | undefined): Promise<Measurement> {
    const stamp = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    const courses: string[] = [];
    for (let i = 0; i < BURST_COURSES; i++)
      courses.push((await admin<{ id: string }>('POST', '/api/v1/courses', { title: `Burst ${stamp} ${i}` })).id);
    await waitForQuiet(server.pid);
    arrivals = new Map();
    invalid = 0;
    const committedAt = new Map<string, number>();
    const non2xx: Record<string, number> = {};
    let errors = 0;
    const all = new Promise<void>((resolve) => {
      onArrival = () => {
        if (arrivals.size >= BURST_DELIVERIES) resolve();
      };
    });
    const meter = await startMeter(server, backends);
    const start = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: WRITE_CONCURRENCY }, async () => {
        while (next < courses.length) {
          const course = courses[next++]!;
          try {
            const response = await fetch(`${origin}/api/v1/courses/${course}/publish`, {
              method: 'POST',
              headers: { authorization },
            });
            const at = performance.now();
            await response.arrayBuffer();
            if (response.ok) committedAt.set(course, at);
            else non2xx[response.status] = (non2xx[response.status] ?? 0) + 1;
          } catch {
            errors++;
          }
        }
      }),
    );
    const expected = committedAt.size * BURST_ENDPOINTS;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      expected === BURST_DELIVERIES ? all : Promise.resolve(),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, BURST_TIMEOUT_MS))),
    ]);
    clearTimeout(timer);
    const delays: number[] = [];
    let last = start;
    for (const [key, at] of arrivals) {
      const commit = committedAt.get(key.split(' ')[1]!);
      if (commit === undefined) continue;
      delays.push(Math.max(0, at - commit));
      last = Math.max(last, at);
    }
    const reading = await meter.stop(delays.length + invalid);
    if (delays.length < expected)
      options.log(`webhooks-burst: ${expected - delays.length} of ${expected} not delivered`);
    return {
      ...reading,
      responses: expected,
      ok: delays.length,
      non2xx,
      mismatches: invalid,
      errors,
      timeouts: expected - delays.length,
      reqPerSec: delays.length / ((last - start) / 1000),
      latencyMs: summarizeDelays(delays),
    };
  }
}
