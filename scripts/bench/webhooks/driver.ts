// The webhooks row (bench/README.md "Webhooks"): how many events per second travel from a commit
// to a receiver on loopback at most, and how long each takes at half that rate. Writers each own a
// course and toggle it, publish then archive (publishCourse, archiveCourse: one small transaction
// that writes the course and its event, services/webhooks/outbox.ts), each waiting for its event to
// reach the receiver before its next write. First the maximum: enough writers that the service
// never waits for one, as fast as they go. Then the delay: writes paced at half the maximum just
// measured. The commit is taken as the moment the write's response arrived (the transaction had
// committed by then, so the delay is, if anything, a little short); the receipt as the moment the
// delivery's body had fully arrived. Every delivery's signature is verified with the Standard
// Webhooks reference library.
import { Webhook } from 'standardwebhooks';
import type { BackendLister } from '../database.ts';
import { discover } from '../fixtures/browser-flow.ts';
import { operatorToken } from '../fixtures/ours.ts';
import type { Measurement } from '../load.ts';
import { startMeter, waitForQuiet, type LoadTarget } from '../meter.ts';
import type { RowDriver } from '../scenarios.ts';
import { DeliveryLedger, eventKey, steadyRate, summarizeDelays, type Outcome, type WriterSpan } from './ledger.ts';
import { adminCall, removeEndpoints, setEndpointsEnabled, whileEnabled } from './endpoints.ts';
import { startBenchReceiver, type BenchReceiver, type Delivery } from './receiver.ts';

/**
 * Writers at the maximum: far more events in the air than the service delivers in one round trip
 * (four at a time to one endpoint, delivery-worker.ts), so its rate is the service's, not the
 * writers'. Each still waits for its own event, so every event is matched to its write.
 */
export const WRITERS = 32;
// courses:read: an endpoint for course events needs the scope that reads courses (/webhooks.md "Who may receive what").
const SCOPE = 'courses:read courses:write webhooks:write';
/** Each write and the event it causes, in the order a writer repeats them. */
const CHANGES = [
  { action: 'publish', type: 'course.published', status: 'published' },
  { action: 'archive', type: 'course.archived', status: 'archived' },
] as const;
/** An event later than this is lost: far beyond a delivery at the service's default poll interval. */
const EVENT_TIMEOUT_MS = 30_000;

type Envelope = { id?: unknown; type?: unknown; data?: { id?: unknown; status?: unknown } };

type Tally = {
  committed: number;
  early: number;
  invalid: number;
  errors: number;
  timeouts: number;
  non2xx: Record<string, number>;
  delays: number[];
};

export function createWebhookDriver(
  server: LoadTarget,
  options: { pollMs: number | null; log: (line: string) => void },
): RowDriver {
  const { origin } = server;
  let authorization = '';
  let receiver: BenchReceiver | undefined;
  let verifier: Webhook | undefined;
  /** The endpoints this run made, deleted at its close (a later run's writes must not fan out to them). */
  const endpointIds: string[] = [];
  let ledger = new DeliveryLedger();
  const eventTimeoutMs = EVENT_TIMEOUT_MS + 2 * (options.pollMs ?? 0);

  /** Matches each delivery to its write; the key comes from the body, validity from the signature. */
  function onDelivery(delivery: Delivery): void {
    let event: Envelope;
    try {
      event = JSON.parse(delivery.body) as Envelope;
    } catch {
      event = {};
    }
    const webhookId = delivery.headers['webhook-id'] ?? '';
    const change = CHANGES.find((c) => c.type === event.type);
    let signed = false;
    try {
      verifier?.verify(delivery.body, delivery.headers);
      signed = true;
    } catch {
      // counted below: the write that caused it finds the event invalid
    }
    const valid = signed && event.id === webhookId && change !== undefined && event.data?.status === change.status;
    ledger.arrived(eventKey(String(event.type), String(event.data?.id)), webhookId, delivery.at, valid);
  }

  const admin = <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
    adminCall<T>('webhooks row', origin, authorization, method, path, body);

  /** Fresh draft courses for one run, so no event of an earlier run can be taken for one of this run. */
  async function createCourses(count: number): Promise<string[]> {
    const stamp = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    const ids: string[] = [];
    for (let i = 0; i < count; i++)
      ids.push((await admin<{ id: string }>('POST', '/api/v1/courses', { title: `Webhook bench ${stamp} ${i}` })).id);
    return ids;
  }

  /**
   * The `n`th change of a course and its event. False when its writer must stop: after a socket
   * error whether the change committed is unknown, and after a lost event a late arrival could be
   * taken for a later change of the same course.
   */
  async function change(courseId: string, n: number, tally: Tally, span: WriterSpan): Promise<boolean> {
    const { action, type } = CHANGES[n % CHANGES.length]!;
    let status: number;
    let committedAt: number;
    try {
      const response = await fetch(`${origin}/api/v1/courses/${courseId}/${action}`, {
        method: 'POST',
        headers: { authorization },
      });
      committedAt = performance.now();
      status = response.status;
      await response.arrayBuffer();
    } catch {
      tally.errors++;
      return false;
    }
    if (status < 200 || status >= 300) {
      tally.non2xx[status] = (tally.non2xx[status] ?? 0) + 1;
      return false;
    }
    tally.committed++;
    const key = eventKey(type, courseId);
    const outcome = await within(ledger.committed(key, committedAt), eventTimeoutMs);
    if (!outcome) {
      ledger.abandon(key);
      tally.timeouts++;
      return false;
    }
    record(tally, span, outcome);
    return true;
  }

  /**
   * One writer: changes its course until `deadline`, each time waiting for the event. Paced
   * (`everyMs`), its `n`th change is made no sooner than `offsetMs + n * everyMs` from `start`.
   */
  async function writer(
    courseId: string,
    deadline: number,
    tally: Tally,
    pace?: { start: number; offsetMs: number; everyMs: number },
  ): Promise<WriterSpan> {
    const span: WriterSpan = { events: 0, first: 0, last: 0 };
    for (let n = 0; performance.now() < deadline; n++) {
      if (pace) {
        const wait = pace.start + pace.offsetMs + n * pace.everyMs - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (performance.now() >= deadline) break;
      }
      if (!(await change(courseId, n, tally, span))) break;
    }
    return span;
  }

  return {
    async prepare() {
      // An older tree (--server-dir) without webhooks does not route the path at all.
      const unrouted = await fetch(`${origin}/api/v1/webhooks`);
      await unrouted.arrayBuffer();
      if (unrouted.status === 404) return 'GET /api/v1/webhooks answers 404: no webhooks in this tree';
      if (unrouted.status !== 401)
        throw new Error(`webhooks row: GET /api/v1/webhooks without a token answered ${unrouted.status}, not 401`);
      authorization = `Bearer ${await operatorToken(await discover(origin), SCOPE)}`;
      receiver = await startBenchReceiver(onDelivery);
      const endpoint = await admin<{ id: string; secret: string }>('POST', '/api/v1/webhooks', {
        url: receiver.url,
        description: 'Benchmark receiver',
        event_types: CHANGES.map((c) => c.type),
      });
      endpointIds.push(endpoint.id);
      verifier = new Webhook(endpoint.secret);
      // One event end to end before any load: a worker that cannot deliver stops the run here.
      const [course] = await createCourses(1);
      const tally = emptyTally();
      ledger = new DeliveryLedger();
      if (!(await change(course!, 0, tally, { events: 0, first: 0, last: 0 })) || tally.delays.length !== 1)
        throw new Error(`webhooks row: the probe's event was not delivered and verified: ${JSON.stringify(tally)}`);
      // Enabled only while this row is measured (endpoints.ts says why).
      await setEndpointsEnabled(origin, authorization, endpointIds, false);
      return undefined;
    },

    async measure(seconds: number, backends: BackendLister | undefined): Promise<Measurement> {
      return whileEnabled(origin, authorization, endpointIds, () => measureEnabled(seconds, backends));
    },

    async close() {
      await removeEndpoints(origin, authorization, endpointIds.splice(0));
      await receiver?.close();
    },
  };

  /** The maximum for `seconds` (metered), then `seconds` paced at half of it: the delay reported. */
  async function measureEnabled(seconds: number, backends: BackendLister | undefined): Promise<Measurement> {
    // Fresh draft courses for each step: every writer's first change publishes.
    const courses = await createCourses(WRITERS);
    await waitForQuiet(server.pid);
    const meter = await startMeter(server, backends);
    const maximum = await phase(courses, seconds, undefined);
    const reading = await meter.stop(maximum.tally.delays.length + maximum.tally.invalid);
    const half = maximum.rate / 2;
    // Each writer's changes spread evenly over the round: together, `half` changes per second.
    const everyMs = (WRITERS * 1000) / Math.max(half, 1);
    const pacedCourses = await createCourses(WRITERS);
    await waitForQuiet(server.pid);
    const paced = await phase(pacedCourses, seconds, (i, start) => ({
      start,
      offsetMs: (i * everyMs) / WRITERS,
      everyMs,
    }));
    const atHalf = summarizeDelays(paced.tally.delays);
    options.log(
      `webhooks: at most ${maximum.rate.toFixed(0)} events/s (p50 ${summarizeDelays(maximum.tally.delays).p50.toFixed(1)} ms); at ${half.toFixed(0)}/s (${paced.rate.toFixed(0)} delivered): p50 ${atHalf.p50.toFixed(2)} ms, p99 ${atHalf.p99.toFixed(2)} ms`,
    );
    const tally = sum(maximum.tally, paced.tally);
    return {
      ...reading,
      responses: tally.committed,
      ok: tally.delays.length,
      non2xx: tally.non2xx,
      mismatches: tally.invalid,
      errors: tally.errors,
      timeouts: tally.timeouts,
      reqPerSec: maximum.rate,
      // The delay at half the maximum (the measure of a service keeping up).
      latencyMs: atHalf,
    };
  }

  /** Every writer at once for `seconds`, paced or not: its tally and events per second. */
  async function phase(
    courses: string[],
    seconds: number,
    paceOf: ((writer: number, start: number) => { start: number; offsetMs: number; everyMs: number }) | undefined,
  ) {
    ledger = new DeliveryLedger();
    const tally = emptyTally();
    const start = performance.now();
    const deadline = start + seconds * 1000;
    const spans = await Promise.all(courses.map((course, i) => writer(course, deadline, tally, paceOf?.(i, start))));
    const { duplicates, unclaimed } = ledger.stats();
    if (duplicates || unclaimed || tally.early)
      options.log(
        `webhooks: ${duplicates} redelivered, ${unclaimed} not matched to a write, ${tally.early} before their write's response`,
      );
    // Every writer's last change, made before the deadline, is awaited to its event.
    return { tally, rate: steadyRate(spans, start) };
  }
}

function sum(a: Tally, b: Tally): Tally {
  const non2xx = { ...a.non2xx };
  for (const [status, n] of Object.entries(b.non2xx)) non2xx[status] = (non2xx[status] ?? 0) + n;
  return {
    committed: a.committed + b.committed,
    early: a.early + b.early,
    invalid: a.invalid + b.invalid,
    errors: a.errors + b.errors,
    timeouts: a.timeouts + b.timeouts,
    non2xx,
    delays: [...a.delays, ...b.delays],
  };
}

function emptyTally(): Tally {
  return { committed: 0, early: 0, invalid: 0, errors: 0, timeouts: 0, non2xx: {}, delays: [] };
}

function record(tally: Tally, span: WriterSpan, outcome: Outcome): void {
  if (outcome.early) tally.early++;
  if (!outcome.valid) {
    tally.invalid++;
    return;
  }
  tally.delays.push(outcome.delayMs);
  if (span.events === 0) span.first = outcome.receivedAt;
  span.last = outcome.receivedAt;
  span.events++;
}

/** The promise's value, or undefined after `ms`. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
