import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration (docs/operations.md "Configuration": validated at start, one line naming the variable)', () => {
  it('defaults serve the demo schools on the embedded database', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.secondSiteUrl).toBe('http://127.0.0.1:3000');
    expect(config.database.kind).toBe('pglite');
  });

  it('derives the second school from PUBLIC_URL by swapping loopback names', () => {
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8080/' }).secondSiteUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://school.example' }).secondSiteUrl).toBe('https://second.school.example');
  });

  it('uses PostgreSQL when DATABASE_URL is set, and treats an empty value as unset', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x' }).database.kind).toBe('postgres');
    expect(loadConfig({ DATABASE_URL: '' }).database.kind).toBe('pglite');
  });

  it('refuses a production configuration without KEY_ENCRYPTION_KEY (signing keys are stored encrypted)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/^Invalid KEY_ENCRYPTION_KEY/);
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ NODE_ENV: 'production', KEY_ENCRYPTION_KEY: key }).keyEncryptionKey?.length).toBe(32);
  });

  it('docs/operations.md "Access trail": AUTH_EVENTS_RETENTION_DAYS is 90 by default, 1 to 3650', () => {
    expect(loadConfig({}).authEventsRetentionDays).toBe(90);
    expect(loadConfig({ AUTH_EVENTS_RETENTION_DAYS: '30' }).authEventsRetentionDays).toBe(30);
    expect(() => loadConfig({ AUTH_EVENTS_RETENTION_DAYS: '0' })).toThrow(/AUTH_EVENTS_RETENTION_DAYS/);
    expect(() => loadConfig({ AUTH_EVENTS_RETENTION_DAYS: 'forever' })).toThrow(/AUTH_EVENTS_RETENTION_DAYS/);
  });

  it('docs/operations.md "Durability": each database says what an acknowledged write survives', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x' }).durability).toBe('postgresql-settings');
    expect(loadConfig({}).durability).toBe('fsync-at-commit');
    expect(loadConfig({ PGLITE_STORAGE: 'memory' }).durability).toBe('none');
  });

  it('docs/operations.md "Configuration" PGLITE_MEMORY_SNAPSHOT: an in-memory embedded database only', () => {
    expect(loadConfig({ PGLITE_STORAGE: 'memory', PGLITE_MEMORY_SNAPSHOT: '/tmp/cluster.tar' }).database).toEqual({
      kind: 'pglite',
      dataDir: null,
      snapshot: '/tmp/cluster.tar',
    });
    expect(() => loadConfig({ PGLITE_MEMORY_SNAPSHOT: '/tmp/cluster.tar' })).toThrow(/PGLITE_STORAGE=memory/);
    expect(() =>
      loadConfig({
        PGLITE_STORAGE: 'memory',
        PGLITE_MEMORY_SNAPSHOT: '/tmp/cluster.tar',
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x',
      }),
    ).toThrow(/no DATABASE_URL/);
  });

  it('docs/operations.md "Configuration" KEEP_ALIVE_TIMEOUT_MS: 65 s by default, above a load balancer\'s 60 s idle; the header deadline a second above it', () => {
    expect(loadConfig({}).http).toEqual({ keepAliveTimeoutMs: 65_000, headersTimeoutMs: 66_000 });
    expect(loadConfig({ KEEP_ALIVE_TIMEOUT_MS: '120000' }).http).toEqual({
      keepAliveTimeoutMs: 120_000,
      headersTimeoutMs: 121_000,
    });
    expect(() => loadConfig({ KEEP_ALIVE_TIMEOUT_MS: '500' })).toThrow(/^Invalid KEEP_ALIVE_TIMEOUT_MS/);
  });

  it('RFC 6890: CLIENT_METADATA_ALLOW_PRIVATE_ADDRESSES is off by default, a development setting, refused in production', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({}).clientMetadataAllowPrivateAddresses).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', KEY_ENCRYPTION_KEY: key }).clientMetadataAllowPrivateAddresses).toBe(
      false,
    );
    expect(loadConfig({ CLIENT_METADATA_ALLOW_PRIVATE_ADDRESSES: 'true' }).clientMetadataAllowPrivateAddresses).toBe(
      true,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', KEY_ENCRYPTION_KEY: key, CLIENT_METADATA_ALLOW_PRIVATE_ADDRESSES: 'false' })
        .clientMetadataAllowPrivateAddresses,
    ).toBe(false);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', KEY_ENCRYPTION_KEY: key, CLIENT_METADATA_ALLOW_PRIVATE_ADDRESSES: 'true' }),
    ).toThrow(/^Invalid CLIENT_METADATA_ALLOW_PRIVATE_ADDRESSES: .*NODE_ENV=production/);
    expect(() => loadConfig({ CLIENT_METADATA_ALLOW_PRIVATE_ADDRESSES: 'maybe' })).toThrow(ConfigError);
  });

  it.each([
    ['KEY_ENCRYPTION_KEY', 'c2hvcnQ='],
    ['ACCESS_TOKEN_TTL_SECONDS', '5'],
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['PUBLIC_URL', 'ftp://school'],
    ['DATABASE_URL', 'mysql://root@localhost/x'],
    ['TRUST_PROXY', 'maybe'],
    ['LOG_LEVEL', 'loud'],
  ])('refuses %s=%s with a message naming the variable', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [variable]: value })).toThrow(
      new RegExp(`^Invalid ${variable} \\(got "${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\\)`),
    );
  });

  it('refuses a DATABASE_URL pg cannot read, naming the variable but never its password (docs/operations.md "Configuration")', () => {
    for (const url of ['postgres://::bad', 'postgres://app:50%off@db.internal/school']) {
      expect(() => loadConfig({ DATABASE_URL: url })).toThrow(/^Invalid DATABASE_URL .*is not a valid URL/);
      expect(() => loadConfig({ DATABASE_URL: url })).not.toThrow(/50%off/);
    }
    expect(loadConfig({ DATABASE_URL: 'postgres://app:p%40ss@db.internal:6543/school' }).database.kind).toBe(
      'postgres',
    );
  });

  it('docs/operations.md "Mail": SMTP_URL is the transport; unset, .eml files under DATA_DIR/mail outside production and no mail in production', () => {
    const key = Buffer.alloc(32).toString('base64');
    expect(loadConfig({ DATA_DIR: '/srv/school' }).mail).toEqual({
      transport: { kind: 'files', dir: '/srv/school/mail' },
      from: 'no-reply@localhost',
    });
    expect(loadConfig({ NODE_ENV: 'production', KEY_ENCRYPTION_KEY: key }).mail.transport).toEqual({ kind: 'none' });
    const smtp = loadConfig({ SMTP_URL: 'smtps://u:p%40ss@mail.example:465', MAIL_FROM: 'school@example.org' }).mail;
    expect(smtp).toEqual({
      transport: { kind: 'smtp', url: 'smtps://u:p%40ss@mail.example:465' },
      from: 'school@example.org',
    });
    expect(loadConfig({ PUBLIC_URL: 'https://learn.example.org' }).mail.from).toBe('no-reply@learn.example.org');
    for (const url of ['https://mail.example', 'smtp://u:50%off@mail.example'])
      expect(() => loadConfig({ SMTP_URL: url })).toThrow(/^Invalid SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://u:50%off@mail.example' })).not.toThrow(/50%off/);
    expect(() => loadConfig({ MAIL_FROM: 'School <x@y>' })).toThrow(/^Invalid MAIL_FROM/);
  });

  it('WEBHOOK_EVENTS_RETENTION_DAYS is how long webhook events are kept: 30 by default, 1 to 365 (/webhooks.md "Events and recovery")', () => {
    expect(loadConfig({}).webhooks.eventsRetentionDays).toBe(30);
    expect(loadConfig({ WEBHOOK_EVENTS_RETENTION_DAYS: '90' }).webhooks.eventsRetentionDays).toBe(90);
    expect(() => loadConfig({ WEBHOOK_EVENTS_RETENTION_DAYS: '0' })).toThrow(/^Invalid WEBHOOK_EVENTS_RETENTION_DAYS/);
    expect(() => loadConfig({ WEBHOOK_EVENTS_RETENTION_DAYS: '366' })).toThrow(
      /^Invalid WEBHOOK_EVENTS_RETENTION_DAYS/,
    );
  });

  it('WEBHOOK_RETRY_BASE_MS is the retry schedule\'s unit: 10 s by default, fractions of a millisecond allowed, at most a minute (docs/operations.md "Configuration")', () => {
    expect(loadConfig({}).webhooks.retryBaseMs).toBe(10_000);
    expect(loadConfig({ WEBHOOK_RETRY_BASE_MS: '0.1' }).webhooks.retryBaseMs).toBe(0.1);
    expect(() => loadConfig({ WEBHOOK_RETRY_BASE_MS: '0' })).toThrow(/^Invalid WEBHOOK_RETRY_BASE_MS/);
    expect(() => loadConfig({ WEBHOOK_RETRY_BASE_MS: '60001' })).toThrow(/^Invalid WEBHOOK_RETRY_BASE_MS/);
  });

  it('raises the per-address rate limits outside production only, and RATE_LIMIT_OVERRIDES wins (docs/operations.md "Configuration")', () => {
    expect(loadConfig({}).rateLimitOverrides).toEqual({
      signInPerAddress: 100_000,
      registrationPerAddress: 100_000,
      clientAuthFailuresPerClientAddress: 100_000,
      passwordResetPerAddress: 100_000,
    });
    const key = Buffer.alloc(32, 1).toString('base64');
    expect(loadConfig({ NODE_ENV: 'production', KEY_ENCRYPTION_KEY: key }).rateLimitOverrides).toEqual({});
    expect(
      loadConfig({ NODE_ENV: 'production', KEY_ENCRYPTION_KEY: key, RATE_LIMIT_OVERRIDES: 'tokenPerClient=5' })
        .rateLimitOverrides,
    ).toEqual({ tokenPerClient: 5 });
    expect(loadConfig({ RATE_LIMIT_OVERRIDES: 'signInPerAddress=7' }).rateLimitOverrides).toEqual({
      signInPerAddress: 7,
      registrationPerAddress: 100_000,
      clientAuthFailuresPerClientAddress: 100_000,
      passwordResetPerAddress: 100_000,
    });
  });

  it('WEB_CONCURRENCY: one process by default, `auto` counts the cores given, a bad value names the variable', () => {
    expect(loadConfig({}, 4).workers).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '' }, 4).workers).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '3' }, 4).workers).toBe(3);
    expect(loadConfig({ WEB_CONCURRENCY: 'auto' }, 4).workers).toBe(4);
    expect(() => loadConfig({ WEB_CONCURRENCY: 'many' })).toThrow(
      /^Invalid WEB_CONCURRENCY \(got "many"\): must be auto/,
    );
  });
});
