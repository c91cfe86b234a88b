// README "Metrics": what main.ts starts beside the schools' listener and stops at shutdown: the
// metrics listener (when METRICS_PORT is set) and the "last used" recorder, whose pending grant
// uses are written before the database closes.
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import type { Services } from '../wiring/services.ts';
import { startMetricsListener } from './listener.ts';

export async function startOperations(
  config: Config,
  services: Services,
  log: Logger,
): Promise<{ stop: () => Promise<void> }> {
  const listener = await startMetricsListener(config.metrics, services.metrics, log);
  return {
    async stop() {
      await listener.close();
      await services.grantUses.stop();
    },
  };
}
