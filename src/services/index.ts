// Builds every service from explicit dependencies (DESIGN habit 12: passed, not hidden).
import { hkdfSync } from 'node:crypto';
import type { Config } from '../config/config.ts';
import { setCursorSigningKey } from '../db/pagination/cursor.ts';
import type { Db } from '../db/database.ts';
import { createMetadataFailureCache } from '../oauth/client-metadata/failure-cache.ts';
import { successorKeyOf } from '../oauth/issue-tokens.ts';
import { createSigningKeyService } from '../oauth/keys/signing-keys.ts';
import { createSessionService } from '../web/sessions.ts';
import { createAdminServices } from './admin/index.ts';
import { createAccountService } from './account.ts';
import { createAuditLog } from './audit.ts';
import { createCatalogService } from './catalog.ts';
import { createRateLimiter } from './rate-limiter.ts';
import { createSiteService } from './sites.ts';
import { TableWriteWatcher } from '../db/table-writes.ts';
import type { Logger } from 'pino';
import { probeOf } from '../db/pool-probe.ts';
import { countedMetadataFetch } from '../metrics/counted-fetch.ts';
import { createMetrics } from '../metrics/metrics.ts';
import { createGrantUseRecorder } from './grant-use.ts';

export type ServiceDeps = { config: Config; db: Db; keyEncryptionKey: Buffer; log?: Logger };

export function createServices(deps: ServiceDeps) {
  const { config } = deps;
  // Pagination cursors are signed alike by every instance of the deployment (db/pagination/cursor.ts).
  setCursorSigningKey(Buffer.from(hkdfSync('sha256', deps.keyEncryptionKey, Buffer.alloc(0), 'course-school cursor v1', 32)));
  const sites = createSiteService(deps.db);
  // Every service writes through this handle, so a write to sites clears the site cache at once.
  const db = deps.db.withPlugin(new TableWriteWatcher('sites', sites.forgetAll));
  // Issue 14 part 2: this app's metrics (served by metrics/listener.ts), with its database's pool.
  const metrics = createMetrics();
  const probe = probeOf(deps.db);
  if (probe) metrics.observeDatabasePool(probe);
  return {
    db,
    config,
    metrics,
    /** Issue 14 part 2: access-token use recorded as the grant's "last used", batched. */
    grantUses: createGrantUseRecorder(db, {
      flushIntervalMs: config.grantUseFlushMs,
      onWritten: (grants) => metrics.grantUseFlushes.inc(grants),
      onError: (error) => deps.log?.warn({ err: error }, 'recording grant use failed; will retry'),
    }),
    sites,
    catalog: createCatalogService(db),
    account: createAccountService(db),
    admin: createAdminServices(db, config.storage),
    rateLimiter: createRateLimiter(db, config.rateLimitOverrides),
    /** Issue 13 item 8: metadata-document URLs that just failed, refused for a minute without a fetch. */
    metadataFetchFailures: createMetadataFailureCache(),
    /** Issue 14 part 2: the metadata-document fetcher, counted by outcome (metrics/counted-fetch.ts). */
    metadataFetch: countedMetadataFetch(metrics),
    audit: createAuditLog(db),
    sessions: createSessionService(db, config.oauth.sessionTtlSeconds),
    /** Issue 13 item 4: refresh successors are derived under this key (oauth/issue-tokens.ts). */
    refreshSuccessorKey: successorKeyOf(deps.keyEncryptionKey),
    signingKeys: createSigningKeyService({ db, keyEncryptionKey: deps.keyEncryptionKey, idTokenTtlSeconds: config.oauth.idTokenTtlSeconds }),
  };
}

export type Services = ReturnType<typeof createServices>;
