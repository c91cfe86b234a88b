// The composition root of the services: builds every service from explicit dependencies (DESIGN
// habits 10 and 12: passed, not hidden). Browser sessions, signing keys and the metadata fetch are
// services too and metrics/ sits below services (docs/layout.md), so this imports no edge. Its sum,
// `Services`, goes to app.ts and process/ only: each surface names the few services it uses and is
// given just those (docs/layout.md "Which services each surface receives"; wiring/surface-services.ts).
import { hkdfSync } from 'node:crypto';
import type { Config } from '../config/config.ts';
import { CursorCodec } from '../db/pagination/cursor.ts';
import type { Db } from '../db/database.ts';
import { createMetadataFailureCache } from './auth/client-metadata/failure-cache.ts';
import { successorKeyOf } from './auth/issue-tokens.ts';
import { createRefreshRotations } from './auth/grants/refresh-rotations.ts';
import { createSigningKeyService } from './auth/keys/signing-keys.ts';
import { createSessionService } from './sessions/browser-sessions.ts';
import { createSessionStore } from './sessions/session-store.ts';
import { createAdminServices } from './admin-services.ts';
import { createAccountService } from './people/own-data.ts';
import { createAuditLog } from './audit/audit-log.ts';
import { createTokenIssueTrail } from './audit/token-issue-trail.ts';
import { AuthEventCounter } from '../metrics/auth-event-counter.ts';
import { createCatalogService } from './school/catalog.ts';
import { createRateLimiter } from './rate-limiter.ts';
import { createSiteService } from './school/sites.ts';
import { commitCallbacksOf } from '../db/committed-writes.ts';
import { TableWriteWatcher } from '../db/table-writes.ts';
import { WakeSignal } from '../lib/wake-signal.ts';
import { createMailOutbox } from './mail/mail-outbox.ts';
import type { Logger } from 'pino';
import { probeOf } from '../db/pool-probe.ts';
import { countedMetadataFetch } from '../metrics/counted-fetch.ts';
import { createMetrics } from '../metrics/metrics.ts';
import { createGrantUseRecorder } from './auth/grant-use.ts';

/** How often noted token issues are written: often enough that the trail reads current in seconds. */
const TOKEN_ISSUE_FLUSH_MS = 5_000;

export type ServiceDeps = { config: Config; db: Db; keyEncryptionKey: Buffer; log?: Logger };

export function createServices(deps: ServiceDeps) {
  const { config } = deps;
  // Pagination cursors are signed alike by every instance of the deployment (db/pagination/cursor.ts),
  // by this app's codec, which the services that page lists are given.
  const cursors = new CursorCodec(
    Buffer.from(hkdfSync('sha256', deps.keyEncryptionKey, Buffer.alloc(0), 'course-school cursor v1', 32)),
  );
  const sites = createSiteService(deps.db);
  const deliveryWake = new WakeSignal();
  const outboxWake = new WakeSignal();
  // docs/operations.md "Metrics": this app's metrics (served by metrics/listener.ts), with its database's pool.
  const metrics = createMetrics();
  // Every service writes through this handle, so a write to sites clears the site cache at once, a
  // delivery queued wakes this app's delivery worker once committed (lib/wake-signal.ts), an outbox
  // message its outbox worker, and the access trail's events are counted by kind as they
  // are written (metrics/auth-event-counter.ts).
  const db = deps.db
    .withPlugin(
      new TableWriteWatcher(
        { sites: sites.forgetAll },
        {
          tables: { webhook_deliveries: deliveryWake.fire, outbox_messages: outboxWake.fire },
          callbacks: commitCallbacksOf(deps.db),
        },
      ),
    )
    .withPlugin(new AuthEventCounter((kind) => metrics.authEvents.inc({ kind })));
  const probe = probeOf(deps.db);
  if (probe) metrics.observeDatabasePool(probe);
  const rateLimiter = createRateLimiter(db, config.rateLimitOverrides);
  const mail = createMailOutbox({ transport: config.mail.transport, keyEncryptionKey: deps.keyEncryptionKey });
  return {
    db,
    config,
    metrics,
    /** docs/operations.md "Last used": access-token use recorded as the grant's "last used", batched. */
    grantUses: createGrantUseRecorder(db, {
      flushIntervalMs: config.grantUseFlushMs,
      onWritten: (grants) => metrics.grantUseFlushes.inc(grants),
      onError: (error) => deps.log?.warn({ err: error }, 'recording grant use failed; will retry'),
    }),
    /** docs/operations.md "Access trail": token.issued, one per grant and hour, written in batches. */
    tokenIssues: createTokenIssueTrail(db, {
      flushIntervalMs: TOKEN_ISSUE_FLUSH_MS,
      onError: (error) => deps.log?.warn({ err: error }, 'recording token.issued failed; will retry'),
    }),
    /** docs/operations.md "Access trail": reading a school's trail (admin API, admin area). */
    sites,
    /** Signs and reads this app's pagination cursors (db/pagination/cursor.ts). */
    cursors,
    /** The nudge of this app's webhook delivery worker (process/serve.ts starts it). */
    deliveryWake,
    /** The nudge of this app's outbox worker (process/serve.ts starts it). */
    outboxWake,
    /** docs/operations.md "Mail": mails enqueued in the caller's transaction; unavailable in production without SMTP_URL. */
    mail,
    catalog: createCatalogService(db, cursors),
    account: createAccountService(db, cursors),
    admin: createAdminServices(
      db,
      config.storage,
      {
        keyEncryptionKey: deps.keyEncryptionKey,
        allowPrivateAddresses: config.webhooks.allowPrivateAddresses,
        endpointsPerSchool: config.webhooks.endpointsPerSchool,
        eventsRetentionDays: config.webhooks.eventsRetentionDays,
        rateLimiter,
      },
      cursors,
      mail,
    ),
    rateLimiter,
    /** /auth.md "Rate limits": metadata-document URLs that just failed, refused for a minute without a fetch. */
    metadataFetchFailures: createMetadataFailureCache(),
    /** docs/operations.md "Metrics": the metadata-document fetcher, counted by outcome (metrics/counted-fetch.ts). */
    metadataFetch: countedMetadataFetch(metrics),
    audit: createAuditLog(db),
    sessions: createSessionService(createSessionStore(db, config.oauth.sessionTtlSeconds)),
    /** RFC 9700 4.14.2: refresh successors are derived under this key (services/auth/issue-tokens.ts). */
    refreshSuccessorKey: successorKeyOf(deps.keyEncryptionKey),
    /** MCP 2026-07-28 multi-round-trip requests: confirmation rounds are sealed alike by every instance (mcp/confirmation.ts). */
    mcpRequestStateKey: new Uint8Array(
      hkdfSync('sha256', deps.keyEncryptionKey, Buffer.alloc(0), 'course-school mcp request-state v1', 32),
    ),
    /** RFC 9700 4.14.2: concurrent common-case rotations share one statement and commit. */
    refreshRotations: createRefreshRotations(db),
    signingKeys: createSigningKeyService({
      db,
      keyEncryptionKey: deps.keyEncryptionKey,
      idTokenTtlSeconds: config.oauth.idTokenTtlSeconds,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
