// docs/operations.md "Running on several cores", metrics: every worker counts its own requests. If each opened
// the METRICS_PORT listener, node:cluster would share that one port among them and a scrape would
// show whichever worker answered it. So in cluster mode the primary alone serves /metrics: at each
// scrape it asks every serving worker for its registry over the cluster channel and merges the
// answers with prom-client's AggregatorRegistry.aggregate, each series by its own rule (counters,
// histograms and pool gauges summed; event-loop lag averaged; process start time left out).
//
// Not AggregatorRegistry#clusterMetrics: it asks every connected worker, including one still
// starting that cannot answer yet (the scrape then waits five seconds and fails), and its worker
// side serves a module-level list of registries rather than the app's own (DESIGN habit 12).
import type { Worker } from 'node:cluster';
import { AggregatorRegistry, Registry, type MetricObjectWithValues, type MetricValue } from 'prom-client';
import type { MetricsSource } from './listener.ts';

const METRICS_REQUEST = 'course-school:metrics-request';
const METRICS_ANSWER = 'course-school:metrics-answer';

type WorkerMetrics = MetricObjectWithValues<MetricValue<string>>[];
type Answer = { type: typeof METRICS_ANSWER; id: number; metrics?: WorkerMetrics; error?: string };

function isAnswer(message: unknown, id: number): message is Answer {
  const m = message as Partial<Answer> | null;
  return m?.type === METRICS_ANSWER && m.id === id;
}

/** Worker side: answers the primary's requests with this registry, for the rest of the process. */
export function answerMetricsRequests(registry: Registry): void {
  const onMessage = (message: unknown): void => {
    const m = message as { type?: unknown; id?: unknown } | null;
    if (m?.type !== METRICS_REQUEST || typeof m.id !== 'number') return;
    const id = m.id;
    registry.getMetricsAsJSON().then(
      (metrics) => process.send?.({ type: METRICS_ANSWER, id, metrics } satisfies Answer),
      (error: unknown) => process.send?.({ type: METRICS_ANSWER, id, error: String(error) } satisfies Answer),
    );
  };
  process.on('message', onMessage);
}

/** One worker's metrics; null when it stopped meanwhile (its numbers end with it). */
function ask(worker: Worker, id: number, timeoutMs: number): Promise<WorkerMetrics | null> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, metrics: WorkerMetrics | null): void => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      if (error) reject(error);
      else resolve(metrics);
    };
    const onMessage = (message: unknown): void => {
      if (!isAnswer(message, id)) return;
      if (message.error) done(new Error(`worker ${worker.process.pid}: ${message.error}`), null);
      else done(null, message.metrics ?? []);
    };
    const onExit = (): void => done(null, null);
    const timer = setTimeout(
      () => done(new Error(`worker ${worker.process.pid} gave no metrics within ${timeoutMs} ms`), null),
      timeoutMs,
    );
    worker.on('message', onMessage);
    worker.once('exit', onExit);
    try {
      worker.send({ type: METRICS_REQUEST, id });
    } catch {
      done(null, null); // its channel closed: it is stopping
    }
  });
}

/**
 * Primary side: the metrics of the workers `serving()` names, merged. A worker that does not
 * answer in time fails the scrape (500, logged by the listener) rather than showing sums that
 * leave it out and would seem to go backwards.
 */
export function clusterMetricsSource(serving: () => Iterable<Worker>, timeoutMs = 5_000): MetricsSource {
  let next = 0;
  return {
    contentType: Registry.PROMETHEUS_CONTENT_TYPE,
    async metrics() {
      const id = next++;
      const answers = await Promise.all([...serving()].map((worker) => ask(worker, id, timeoutMs)));
      return AggregatorRegistry.aggregate(answers.filter((a): a is WorkerMetrics => a !== null)).metrics();
    },
  };
}
