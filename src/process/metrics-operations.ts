// docs/operations.md "Metrics": what main.ts starts beside the schools' listener and stops at shutdown: the
// metrics listener (when METRICS_PORT is set) and the "last used" recorder, whose pending grant
// uses are written before the database closes. A cluster worker
// (docs/operations.md "Running on several cores") opens no listener: it answers its primary, which serves every worker's numbers merged.
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import type { Services } from '../services/create-services.ts';
import { answerMetricsRequests } from '../metrics/cluster-metrics.ts';
import { startMetricsListener } from '../metrics/listener.ts';

/** `listener`: this process serves /metrics; `primary`: a cluster worker's primary does. */
export type MetricsExposure = 'listener' | 'primary';

export async function startOperations(
  config: Config,
  services: Services,
  log: Logger,
  exposure: MetricsExposure = 'listener',
): Promise<{ stop: () => Promise<void> }> {
  const listener =
    exposure === 'listener' ? await startMetricsListener(config.metrics, services.metrics.registry, log) : null;
  // A worker answers until it exits, so a scrape during its shutdown still counts it.
  if (exposure === 'primary') answerMetricsRequests(services.metrics.registry);
  return {
    async stop() {
      await listener?.close();
      await services.grantUses.stop();
      await services.tokenIssues.stop(); // docs/operations.md "Access trail": token.issued events still pending
    },
  };
}
