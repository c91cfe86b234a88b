// What /metrics offers (docs/operations.md "Metrics"), in the Prometheus text format through
// prom-client. One registry per app (DESIGN habit 12: passed, not a module-level default), so two
// apps in one process (tests) never mix their series. Labels are bounded sets only: operation ids
// (never raw paths), status codes, grant types, outcomes; never a client_id, school or person.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseProbe } from '../db/pool-probe.ts';

export function createMetrics() {
  const registry = new Registry();
  // Process CPU, memory, handles, GC and nodejs_eventloop_lag_seconds (and its percentiles).
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const metrics = {
    registry,
    requests: new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by operation (OpenAPI operationId, graphql, mcp, page route) and status.',
      labelNames: ['operation', 'method', 'status'] as const,
      registers,
    }),
    requestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request arriving to its response finishing, by operation and status.',
      labelNames: ['operation', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    tokensIssued: new Counter({
      name: 'oauth_tokens_issued_total',
      help: 'Token responses issued at the token endpoint, by grant type (RFC 6749 4.1.3, 6).',
      labelNames: ['grant_type'] as const,
      registers,
    }),
    reuseDetections: new Counter({
      name: 'oauth_reuse_detections_total',
      help: 'A used authorization code or rotated refresh token presented again; its grant was ended (RFC 6749 4.1.2, RFC 9700 4.14.2).',
      labelNames: ['reason'] as const,
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: 'rate_limit_refusals_total',
      help: 'Requests refused with 429 Too Many Requests, by operation.',
      labelNames: ['operation'] as const,
      registers,
    }),
    metadataFetches: new Counter({
      name: 'oauth_client_metadata_fetches_total',
      help: 'Fetches of Client ID Metadata Documents, by outcome (ok, or the failure: timeout, too_large, bad_status, redirect, network, not_json, address_not_allowed).',
      labelNames: ['outcome'] as const,
      registers,
    }),
    authEvents: new Counter({
      name: 'auth_events_total',
      help: 'Events written to the access trail, by kind (docs/operations.md "Access trail"; the closed list of services/audit/auth-event-kinds.ts).',
      labelNames: ['kind'] as const,
      registers,
    }),
    outboxMessages: new Counter({
      name: 'outbox_messages_total',
      help: 'Outbox messages (mails, back-channel logouts) by kind and outcome: sent, retried (failed, tried again later), failed (given up).',
      labelNames: ['kind', 'outcome'] as const,
      registers,
    }),
    grantUseFlushes: new Counter({
      name: 'oauth_grant_use_writes_total',
      help: 'Grants whose last use was written by the batched "last used" recorder.',
      registers,
    }),
    /** Pool gauges sampled at each scrape, and the wait histogram fed by the probe (db/pool-probe.ts). */
    observeDatabasePool(probe: DatabaseProbe): void {
      const sample = () => probe.sample();
      probe.onWait((seconds) => metrics.dbAcquireWait.observe(seconds));
      new Gauge({
        name: 'db_pool_connections',
        help: 'PostgreSQL pool connections, by state (total, idle, in use).',
        labelNames: ['state'] as const,
        registers,
        collect() {
          const s = sample();
          if (!('total' in s)) return;
          this.set({ state: 'total' }, s.total);
          this.set({ state: 'idle' }, s.idle);
          this.set({ state: 'in_use' }, s.total - s.idle);
        },
      });
      new Gauge({
        name: 'db_pool_waiting_requests',
        help: 'Queries waiting for a pool connection (PostgreSQL) or queued behind the one embedded connection (PGlite).',
        registers,
        collect() {
          const s = sample();
          this.set('waiting' in s ? s.waiting : Math.max(0, s.inFlight - 1));
        },
      });
      let syncsCounted = 0;
      new Counter({
        name: 'db_file_syncs_total',
        help: 'Embedded database (PGlite) on disk: fsync() calls that reached the disk (the WAL at each commit, files at checkpoints).',
        registers,
        collect() {
          const s = sample();
          if (!('fileSyncs' in s)) return;
          this.inc(s.fileSyncs - syncsCounted);
          syncsCounted = s.fileSyncs;
        },
      });
      new Gauge({
        name: 'db_queries_in_flight',
        help: 'Embedded database (PGlite) statements and transactions started and not yet finished.',
        registers,
        collect() {
          const s = sample();
          if ('inFlight' in s) this.set(s.inFlight);
        },
      });
    },
    dbAcquireWait: new Histogram({
      name: 'db_pool_acquire_seconds',
      help: 'Time a query waited for a database connection (PostgreSQL pool connect; PGlite: for its turn on the one connection).',
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    }),
  };
  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;
