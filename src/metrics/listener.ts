// docs/operations.md "Metrics": /metrics is served on a listener of its own, METRICS_PORT on
// METRICS_HOST (loopback by default), never on a school's public origin: what it shows (traffic,
// refusals, pool use) is for the operator, and a separate port is what a firewall or a Prometheus
// sidecar can be pointed at without any token. Unset METRICS_PORT: no listener at all. What it
// serves is a source: the app's own registry, or in cluster mode the workers' merged
// (cluster-metrics.ts).
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { noStore } from '../lib/no-store.ts';

/** What a scrape returns: prom-client's Registry is one. */
export type MetricsSource = { metrics(): Promise<string>; readonly contentType: string };

export function createMetricsServer(source: MetricsSource, log: Logger): Server {
  return createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics') {
      res
        .writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end('Not found: this listener serves /metrics only.\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res
        .writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' })
        .end('Method not allowed.\n');
      return;
    }
    source.metrics().then(
      (text) =>
        res
          .writeHead(200, { 'Content-Type': source.contentType, ...noStore('current-state') })
          .end(req.method === 'HEAD' ? undefined : text),
      (error: unknown) => {
        log.error({ err: error }, 'metrics collection failed');
        res
          .writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' })
          .end('Metrics could not be collected; see the log.\n');
      },
    );
  });
}

/** Starts the metrics listener when configured; resolves with its port (null when not configured). */
export async function startMetricsListener(
  config: { port: number; host: string } | null,
  source: MetricsSource,
  log: Logger,
): Promise<{ port: number | null; close: () => Promise<void> }> {
  if (!config) return { port: null, close: async () => undefined };
  const server = createMetricsServer(source, log);
  server.listen(config.port, config.host);
  try {
    await once(server, 'listening');
  } catch (error) {
    // The rule for npm start: an expected condition is one line and exit 1, no stack.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      process.stderr.write(
        `METRICS_PORT ${config.port} is already in use (${config.host}): choose another METRICS_PORT, or stop the process that holds it.\n`,
      );
    else if (code === 'EACCES')
      process.stderr.write(`METRICS_PORT ${config.port} may not be opened by this user: choose a port above 1023.\n`);
    else if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN')
      process.stderr.write(
        `METRICS_HOST ${config.host} is not an address of this machine: fix METRICS_HOST (default 127.0.0.1).\n`,
      );
    else throw error;
    process.exit(1);
  }
  const { port } = server.address() as AddressInfo;
  log.info({ port, host: config.host }, 'metrics listening');
  return {
    port,
    close: async () => {
      server.close();
      server.closeAllConnections();
      await once(server, 'close').catch(() => undefined);
    },
  };
}
