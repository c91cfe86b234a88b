// The only reader of process.env. Every variable is validated once at start-up; a bad value
// stops the process with one line naming the variable (docs/operations.md "Configuration"). Defaults are chosen so
// that `npm start` on a fresh machine serves the demo schools on the embedded database.
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { parseWebConcurrency, WEB_CONCURRENCY_RULE } from './web-concurrency.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const port = z.coerce.number().int().min(0).max(65535);

const originUrl = z
  .string()
  .url()
  .refine((v) => /^https?:\/\//.test(v), 'must be an http(s) URL')
  .transform((v) => normalizeOrigin(v));

/** What each variable means and which default applies; docs/operations.md "Configuration" mirrors this. */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** TCP port to listen on. 0 picks a free port (tests). */
  PORT: port.default(3000),
  /** Interface to bind; empty means every interface (IPv4 and IPv6). */
  HOST: z.string().default(''),
  /**
   * docs/operations.md "Running on several cores": how many processes serve PORT. Unset or 1: one process;
   * N: a primary and N workers; `auto` or 0: one worker per core. More than one needs DATABASE_URL.
   */
  WEB_CONCURRENCY: z.string().optional(),
  /** Origin of the first demo school; also its OAuth issuer. Default http://localhost:<PORT>. */
  PUBLIC_URL: originUrl.optional(),
  /**
   * Origin of the second demo school. Default: PUBLIC_URL with `localhost` swapped for
   * `127.0.0.1` (or the reverse), so both schools work on loopback without DNS changes.
   */
  SECOND_SITE_URL: originUrl.optional(),
  /** postgres://… to use a PostgreSQL server; unset: embedded PGlite under DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .refine(isConnectionUrl, 'is not a valid URL (percent-encode reserved characters in the user and password)')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Where the embedded database (and uploaded files, later) live. */
  DATA_DIR: z.string().default('./data'),
  /** `memory` keeps the embedded database in memory (tests, demos that should leave nothing). */
  PGLITE_STORAGE: z.enum(['disk', 'memory']).default('disk'),
  /**
   * With PGLITE_STORAGE=memory: a data-directory tarball (PGlite's dumpDataDir) the database starts
   * from instead of an empty cluster, whose pending migrations then run as usual. The test suites
   * start each server from one of the migrated cluster (src/db/testing.ts).
   */
  PGLITE_MEMORY_SNAPSHOT: z.string().min(1).optional(),
  /** Seed the demo schools when the database holds no site yet. */
  SEED_DEMO: booleanFlag.default(true),
  /** Honour X-Forwarded-Host/-Proto/-For: only behind a proxy that sets them. */
  TRUST_PROXY: booleanFlag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * How long an idle keep-alive connection stays open for the client's next request. Longer than the
   * idle timeout of the load balancer in front (AWS ALB and Google's load balancers keep idle upstream
   * connections 60 s, nginx's keepalive_timeout 60 s), so that the balancer, not the service, closes
   * an idle connection: closed here first, a request the balancer sends on it at that moment is reset.
   * The time to receive a request's headers is allowed one second more (headersTimeout above it).
   */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(240_000).default(65_000),
  /** How long SIGTERM waits for in-flight requests before closing anyway. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /**
   * 32 bytes, base64 or base64url: encrypts the schools' private signing keys at rest.
   * Required in production; elsewhere a key is generated once under DATA_DIR.
   */
  KEY_ENCRYPTION_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64 (openssl rand -base64 32)')
    .optional(),
  /** Access-token lifetime. */
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3_600),
  /**
   * /auth.md "Lifetimes", a grant's idle lifetime: a grant not refreshed for this long ends, and the
   * person signs in again (each refresh token lives this long from its issue). 15 days by default,
   * as Auth0's rotating refresh tokens ("inactivity lifetime").
   */
  GRANT_IDLE_LIFETIME_SECONDS: z.coerce.number().int().min(10).max(31_536_000).default(1_296_000),
  /**
   * A grant's absolute lifetime from the sign-in that started it: past it no rotation helps (RFC 9700
   * 4.14.2 "refresh tokens ... expire"). 30 days by default, as Auth0's "absolute lifetime".
   */
  GRANT_ABSOLUTE_LIFETIME_SECONDS: z.coerce.number().int().min(10).max(31_536_000).default(2_592_000),
  /** Window in which a lost refresh response may be retried (RFC 9700 4.14.2; /auth.md "6. Refresh and revoke"). */
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(60),
  /**
   * Replaces default rate limits, e.g. `signInPerAddress=500,registrationPerAddress=100`
   * (names and defaults in /auth.md).
   */
  RATE_LIMIT_OVERRIDES: z
    .string()
    .regex(/^(\w+=\d+)(,\w+=\d+)*$/, 'must be name=number pairs separated by commas')
    .optional(),
  /** Browser sign-in session lifetime. */
  SESSION_TTL_SECONDS: z.coerce.number().int().min(300).max(2_592_000).default(43_200),
  /** Where uploaded files are kept (one folder per school inside). Default: <DATA_DIR>/storage. */
  STORAGE_DIR: z.string().optional(),
  /** Largest file POST /api/v1/files accepts, in bytes (10 MB by default); larger is a 413. */
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).max(1_073_741_824).default(10_485_760),
  /**
   * Development only (else RFC 6890 addresses are refused): lets a school's explicitly allowlisted metadata-document
   * hosts resolve to loopback and private addresses, so an agent at https://localhost:<port> can be
   * tried. Off by default; refused with NODE_ENV=production. Hosts admitted by open registration
   * never reach private addresses.
   */
  CLIENT_METADATA_ALLOW_PRIVATE_ADDRESSES: booleanFlag.default(false),
  /**
   * docs/operations.md "Metrics": the port of a separate listener serving /metrics in the
   * Prometheus text format. Unset: no metrics listener, and /metrics is never served on a school's
   * origin either. 0 picks a free port (tests).
   */
  METRICS_PORT: port.optional(),
  /** Interface of the metrics listener: loopback by default, so only this machine can scrape it. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** How often the grants used by access tokens are written ("last used"; at most once a minute per grant). */
  GRANT_USE_FLUSH_SECONDS: z.coerce.number().int().min(1).max(60).default(30),
  /** docs/operations.md "Access trail": how many days sign-ins, consents, tokens and revocations are kept. */
  AUTH_EVENTS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /**
   * Development only (refused with NODE_ENV=production): lets webhook endpoints and back-channel
   * logout URIs (/auth.md "Signing out") be http and reach loopback and private addresses, for a
   * receiver on the developer's machine. Off: https only,
   * and every address a receiver's name resolves to must be public (checked at each delivery).
   */
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: booleanFlag.default(false),
  /**
   * The unit of the webhook retry schedule: the first retry's wait after a failed delivery; each
   * next one is four times longer, capped at 4,320 units (12 h at the default), and failing for a
   * whole schedule disables an endpoint (services/webhooks/retry-schedule.ts). Fractions of a
   * millisecond are allowed so that a test can run a whole schedule in seconds; at most a minute,
   * which stretches the schedule to about 16 days.
   */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().min(0.1).max(60_000).default(10_000),
  /** How often an idle delivery worker looks for due webhook deliveries. */
  WEBHOOK_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
  /** One webhook delivery attempt's deadline, connect to last byte. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * The most webhook endpoints one school may have (/webhooks.md "Limits"): each event is one
   * signed POST per subscribed endpoint, so this bounds the requests one change can cause. Raise it
   * for schools that feed many systems; creating one more is 409 `limit-reached`.
   */
  WEBHOOK_ENDPOINTS_PER_SCHOOL: z.coerce.number().int().min(1).max(1_000).default(16),
  /**
   * How long webhook events and settled deliveries are kept (/webhooks.md "Events and recovery"):
   * the window listWebhookEvents reads and recoverWebhookEndpoint may reach back over. 30 days, as
   * Stripe's events API keeps them, unless the deployment needs more.
   */
  WEBHOOK_EVENTS_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /**
   * docs/webhooks.md "Time-driven events": how often every instance looks for enrollments whose
   * access ended (enrollment.expired) and endpoints whose operators must hear of trouble; an
   * event follows its moment within this interval.
   */
  EXPIRY_SWEEP_MS: z.coerce.number().int().min(50).max(30_000).default(15_000),
  /**
   * docs/webhooks.md "Operators hear about failure": how long an endpoint fails without a success
   * before its school's owners and admins are mailed and webhook_endpoint.failing is sent (a day;
   * seconds in a test).
   */
  WEBHOOK_FAILING_NOTICE_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(30 * 86_400_000)
    .default(86_400_000),
  /**
   * docs/operations.md "Mail": the SMTP server every mail goes through, `smtp://user:password@host:587`
   * (STARTTLS when the server offers it) or `smtps://…:465` (TLS from the start). Unset: outside
   * production each mail is written as an .eml file under DATA_DIR/mail/; in production nothing is
   * sent and the features that need mail say so.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .refine(isConnectionUrl, 'is not a valid URL (percent-encode reserved characters in the user and password)')
    .optional(),
  /** The address mails come from; the display name is the school's. Default: no-reply@<host of PUBLIC_URL>. */
  MAIL_FROM: z.string().email("must be an e-mail address (the display name is the school's name)").optional(),
  /** How often an idle outbox worker looks for due messages (mails, back-channel logouts). */
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
  /** The first retry's wait after a failed outbox message; each next one doubles (services/outbox/retry.ts). */
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(1).max(600_000).default(30_000),
});

/**
 * How mail leaves: through an SMTP server; written as .eml files (development without SMTP_URL);
 * or not at all (production without SMTP_URL: the features that need mail say so).
 */
export type MailTransportConfig = { kind: 'smtp'; url: string } | { kind: 'files'; dir: string } | { kind: 'none' };

export type Config = Readonly<{
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** WEB_CONCURRENCY resolved: 1 is one process doing everything, more is a primary and this many workers. */
  workers: number;
  publicUrl: string;
  secondSiteUrl: string;
  database: { kind: 'postgres'; url: string; poolSize: number } | { kind: 'pglite'; dataDir: string | null };
  /** docs/operations.md "Durability": what an acknowledged write survives, said on the start line. */
  durability: Durability;
  dataDir: string;
  seedDemo: boolean;
  trustProxy: boolean;
  logLevel: string;
  shutdownGraceMs: number;
  /** KEEP_ALIVE_TIMEOUT_MS, and the header deadline one second above it (process/listen.ts). */
  http: Readonly<{ keepAliveTimeoutMs: number; headersTimeoutMs: number }>;
  /** Null outside production when unset: main.ts then uses a key kept under DATA_DIR. */
  keyEncryptionKey: Buffer | null;
  rateLimitOverrides: Readonly<Record<string, number>>;
  /** Uploaded files: the folder they live in and the largest one accepted. */
  storage: Readonly<{ dir: string; uploadMaxBytes: number }>;
  /** CLIENT_METADATA_ALLOW_PRIVATE_ADDRESSES: never true in production. */
  clientMetadataAllowPrivateAddresses: boolean;
  /** METRICS_PORT and METRICS_HOST: null when no metrics listener is configured. */
  metrics: Readonly<{ port: number; host: string }> | null;
  /** GRANT_USE_FLUSH_SECONDS, in milliseconds. */
  grantUseFlushMs: number;
  /** AUTH_EVENTS_RETENTION_DAYS: the access trail's retention. */
  authEventsRetentionDays: number;
  /** SMTP_URL and MAIL_FROM (docs/operations.md "Mail"). */
  mail: Readonly<{ transport: MailTransportConfig; from: string }>;
  /** OUTBOX_*: the outbox worker (services/outbox/outbox-worker.ts). */
  outbox: Readonly<{ pollMs: number; retryBaseMs: number }>;
  /** WEBHOOK_*: the delivery worker and the endpoint URL rules. */
  webhooks: Readonly<{
    allowPrivateAddresses: boolean;
    retryBaseMs: number;
    pollMs: number;
    timeoutMs: number;
    endpointsPerSchool: number;
    /** WEBHOOK_EVENTS_RETENTION_DAYS */
    eventsRetentionDays: number;
  }>;
  /** EXPIRY_SWEEP_MS and WEBHOOK_FAILING_NOTICE_MS: the time-driven events (services/time-driven-events.ts). */
  timeEvents: Readonly<{ sweepMs: number; failingNoticeMs: number }>;
  oauth: Readonly<{
    accessTokenTtlSeconds: number;
    grantIdleLifetimeSeconds: number;
    grantAbsoluteLifetimeSeconds: number;
    refreshReuseGraceSeconds: number;
    /** /auth.md "Lifetimes": codes expire after 60 seconds (RFC 6749 4.1.2: short-lived). */
    authorizationCodeTtlSeconds: number;
    /** Spec, Limits: ID token lifetime 10 minutes. */
    idTokenTtlSeconds: number;
    sessionTtlSeconds: number;
  }>;
}>;

/**
 * What an acknowledged write survives (docs/operations.md "Durability"): `postgresql-settings`, what the server's
 * fsync and synchronous_commit promise; `fsync-at-commit`, the embedded database on disk syncs each
 * commit before answering (db/pglite-durability.ts); `none`, the embedded database in memory.
 */
export type Durability = 'postgresql-settings' | 'fsync-at-commit' | 'none';

export class ConfigError extends Error {}

/** Whether pg can read the URL: it parses, and its user and password are validly percent-encoded. */
function isConnectionUrl(value: string): boolean {
  try {
    const url = new URL(value);
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
    return true;
  } catch {
    return false;
  }
}

/** A refused DATABASE_URL as the error line shows it: never its password. */
function withoutPassword(value: string | undefined): string | undefined {
  return value?.replace(/^([a-z]+:\/\/[^:/@]*:)[^/]*@/i, '$1***@');
}

/** Lower-cases scheme and host, drops default ports, paths and trailing slashes. */
export function normalizeOrigin(value: string): string {
  return new URL(value).origin;
}

function swapLoopbackHost(origin: string): string {
  const url = new URL(origin);
  if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
  else if (url.hostname === '127.0.0.1') url.hostname = 'localhost';
  else url.hostname = `second.${url.hostname}`;
  return url.origin;
}

/**
 * Outside production every request comes from one loopback address (a developer, their browser, a
 * contract suite run against `npm start`), which the per-address limits would soon lock out; there
 * they default high. Per-account sign-in throttling and the per-client, per-host and per-token
 * limits stay as in production; RATE_LIMIT_OVERRIDES still wins.
 */
// Failed client authentication counts per client_id and address (/auth.md "Rate limits"): with one address
// that is per client, and the hostile-input suites' wrong secrets would throttle the demo clients.
const DEVELOPMENT_RATE_LIMITS = {
  signInPerAddress: 100_000,
  registrationPerAddress: 100_000,
  clientAuthFailuresPerClientAddress: 100_000,
  passwordResetPerAddress: 100_000,
} as const;

/** `cores` is what WEB_CONCURRENCY=auto counts (the machine's, unless a test gives its own). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cores = availableParallelism()): Config {
  // An empty variable means unset, as shells and .env files commonly write it.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'environment');
    const value =
      variable === 'DATABASE_URL' || variable === 'SMTP_URL' ? withoutPassword(env[variable]) : env[variable];
    const shown = value === undefined ? '' : ` (got ${JSON.stringify(value)})`;
    throw new ConfigError(`Invalid ${variable}${shown}: ${issue.message}`);
  }
  const e = parsed.data;
  const workers = parseWebConcurrency(e.WEB_CONCURRENCY, cores);
  if (workers === null)
    throw new ConfigError(
      `Invalid WEB_CONCURRENCY (got ${JSON.stringify(e.WEB_CONCURRENCY)}): ${WEB_CONCURRENCY_RULE}`,
    );
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const secondSiteUrl = e.SECOND_SITE_URL ?? swapLoopbackHost(publicUrl);
  if (secondSiteUrl === publicUrl) throw new ConfigError('Invalid SECOND_SITE_URL: must differ from PUBLIC_URL');
  if (e.NODE_ENV === 'production' && !e.KEY_ENCRYPTION_KEY) {
    throw new ConfigError('Invalid KEY_ENCRYPTION_KEY: required when NODE_ENV=production (openssl rand -base64 32)');
  }
  if (e.NODE_ENV === 'production' && e.CLIENT_METADATA_ALLOW_PRIVATE_ADDRESSES) {
    throw new ConfigError(
      'Invalid CLIENT_METADATA_ALLOW_PRIVATE_ADDRESSES: a development setting, refused when NODE_ENV=production (metadata documents must never be fetched from private addresses)',
    );
  }
  if (e.NODE_ENV === 'production' && e.WEBHOOK_ALLOW_PRIVATE_ADDRESSES) {
    throw new ConfigError(
      'Invalid WEBHOOK_ALLOW_PRIVATE_ADDRESSES: a development setting, refused when NODE_ENV=production (webhooks must never be sent to private addresses)',
    );
  }
  if (e.PGLITE_MEMORY_SNAPSHOT && (e.DATABASE_URL || e.PGLITE_STORAGE !== 'memory')) {
    throw new ConfigError(
      'Invalid PGLITE_MEMORY_SNAPSHOT: it starts an embedded database kept in memory, so it needs PGLITE_STORAGE=memory and no DATABASE_URL',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    workers,
    publicUrl,
    secondSiteUrl,
    database: e.DATABASE_URL
      ? { kind: 'postgres' as const, url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : e.PGLITE_STORAGE === 'memory'
        ? { kind: 'pglite' as const, dataDir: null, snapshot: e.PGLITE_MEMORY_SNAPSHOT ?? null }
        : { kind: 'pglite' as const, dataDir: path.join(dataDir, 'pglite') },
    durability: e.DATABASE_URL ? 'postgresql-settings' : e.PGLITE_STORAGE === 'memory' ? 'none' : 'fsync-at-commit',
    dataDir,
    seedDemo: e.SEED_DEMO,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    http: Object.freeze({
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      headersTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS + 1_000,
    }),
    keyEncryptionKey: e.KEY_ENCRYPTION_KEY ? Buffer.from(e.KEY_ENCRYPTION_KEY, 'base64') : null,
    rateLimitOverrides: Object.freeze({
      ...(e.NODE_ENV === 'production' ? {} : DEVELOPMENT_RATE_LIMITS),
      ...Object.fromEntries(
        (e.RATE_LIMIT_OVERRIDES ?? '')
          .split(',')
          .filter(Boolean)
          .map((pair) => [pair.split('=')[0]!, Number(pair.split('=')[1])]),
      ),
    }),
    storage: Object.freeze({
      dir: e.STORAGE_DIR ? path.resolve(e.STORAGE_DIR) : path.join(dataDir, 'storage'),
      uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    }),
    clientMetadataAllowPrivateAddresses: e.CLIENT_METADATA_ALLOW_PRIVATE_ADDRESSES,
    metrics: e.METRICS_PORT === undefined ? null : Object.freeze({ port: e.METRICS_PORT, host: e.METRICS_HOST }),
    grantUseFlushMs: e.GRANT_USE_FLUSH_SECONDS * 1000,
    authEventsRetentionDays: e.AUTH_EVENTS_RETENTION_DAYS,
    mail: Object.freeze({
      transport: Object.freeze(
        e.SMTP_URL
          ? { kind: 'smtp' as const, url: e.SMTP_URL }
          : e.NODE_ENV === 'production'
            ? { kind: 'none' as const }
            : { kind: 'files' as const, dir: path.join(dataDir, 'mail') },
      ),
      from: e.MAIL_FROM ?? `no-reply@${new URL(publicUrl).hostname}`,
    }),
    outbox: Object.freeze({ pollMs: e.OUTBOX_POLL_MS, retryBaseMs: e.OUTBOX_RETRY_BASE_MS }),
    webhooks: Object.freeze({
      allowPrivateAddresses: e.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
      retryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
      pollMs: e.WEBHOOK_POLL_MS,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      endpointsPerSchool: e.WEBHOOK_ENDPOINTS_PER_SCHOOL,
      eventsRetentionDays: e.WEBHOOK_EVENTS_RETENTION_DAYS,
    }),
    timeEvents: Object.freeze({ sweepMs: e.EXPIRY_SWEEP_MS, failingNoticeMs: e.WEBHOOK_FAILING_NOTICE_MS }),
    oauth: Object.freeze({
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      grantIdleLifetimeSeconds: e.GRANT_IDLE_LIFETIME_SECONDS,
      grantAbsoluteLifetimeSeconds: e.GRANT_ABSOLUTE_LIFETIME_SECONDS,
      refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
      authorizationCodeTtlSeconds: 60,
      idTokenTtlSeconds: 600,
      sessionTtlSeconds: e.SESSION_TTL_SECONDS,
    }),
  });
}
