// Secrets at rest: after every flow ran against its own instance, no code, token,
// client secret, password or cookie value the test saw may appear in any text or JSON column of
// any table, whole or as its random body; and private signing keys exist only as ciphertext.
// PostgreSQL only: the test reads the tables through information_schema with its own connection.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgresDatabase } from '../../src/db/testing.ts';
import { formsOf, runEveryFlow, type FlowRecord } from './every-flow.ts';
import { DATABASE_URL, newKeyEncryptionKey, skipWithoutPostgres, startInstance, type Instance } from './instance.ts';

type Cell = { column: string; text: string };

const TEXT_TYPES = ['text', 'character varying', 'character', 'json', 'jsonb', 'bytea', 'USER-DEFINED'];
const TEXT_ARRAYS = ['_text', '_varchar', '_json', '_jsonb'];

/** Every non-null value of every text-like column of every base table, cast to text. */
async function readEveryTextColumn(url: string): Promise<Cell[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: columns } = await client.query<{ table_schema: string; table_name: string; column_name: string }>(
      `select c.table_schema, c.table_name, c.column_name from information_schema.columns c
         join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where t.table_type = 'BASE TABLE' and c.table_schema not in ('pg_catalog', 'information_schema')
          and (c.data_type = any($1) or (c.data_type = 'ARRAY' and c.udt_name = any($2)))`,
      [TEXT_TYPES, TEXT_ARRAYS],
    );
    const cells: Cell[] = [];
    for (const c of columns) {
      const name = `${c.table_schema}.${c.table_name}.${c.column_name}`;
      const { rows } = await client.query<{ v: string }>(
        `select "${c.column_name}"::text as v from "${c.table_schema}"."${c.table_name}" where "${c.column_name}" is not null`,
      );
      for (const row of rows) cells.push({ column: name, text: row.v });
    }
    return cells;
  } finally {
    await client.end();
  }
}

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('base64url');

describe.skipIf(skipWithoutPostgres('secrets-at-rest.test.ts'))('secrets at rest (hashes only)', () => {
  let scratch: { url: string; drop: () => Promise<void> } | undefined;
  let instance: Instance | undefined;
  let record: FlowRecord;
  let cells: Cell[];

  beforeAll(async () => {
    scratch = await createScratchPostgresDatabase(DATABASE_URL!);
    instance = await startInstance(
      { DATABASE_URL: scratch.url, KEY_ENCRYPTION_KEY: newKeyEncryptionKey() },
      { readyMs: 120_000 },
    );
    record = await runEveryFlow(instance.origin);
    cells = await readEveryTextColumn(scratch.url);
  }, 150_000);

  afterAll(async () => {
    await instance?.stop();
    await scratch?.drop();
  });

  it('the scan covers where the secrets live: each is found there as its SHA-256 hash (hashes only)', () => {
    // Without this, a scan that missed the OAuth tables would pass vacuously.
    const columns = new Set(cells.map((c) => c.column));
    for (const name of [
      'oauth_sessions.token_hash',
      'oauth_authorization_codes.code_hash',
      'oauth_access_tokens.token_hash',
      'oauth_refresh_tokens.token_hash',
      'oauth_clients.client_secret_hash',
      'signing_keys.private_jwk_ciphertext',
      'audit_events.details',
    ]) {
      expect(
        [...columns].some((c) => c.endsWith(`.${name}`)),
        name,
      ).toBe(true);
    }
    const hashes = new Set(cells.map((c) => c.text));
    const stored = [...record.seen].filter(
      ([value, kind]) =>
        ['code', 'access token', 'refresh token', 'client secret'].includes(kind) || value.startsWith('scs_'),
    );
    expect(stored.length).toBeGreaterThanOrEqual(12);
    for (const [value, kind] of stored)
      expect(hashes.has(sha256(value)), `${kind} ${value.slice(0, 8)}… has no stored hash`).toBe(true);
  });

  it('no code, token, client secret, password or cookie value appears in any text or JSON column, whole or as its base64url body', () => {
    expect(record.seen.size).toBeGreaterThan(15);
    const found: string[] = [];
    for (const [value, kind] of record.seen) {
      for (const form of formsOf(value)) {
        for (const cell of cells)
          if (cell.text.includes(form)) found.push(`${kind} (${form.slice(0, 10)}…) in ${cell.column}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('private signing keys are stored only encrypted: no JWK "d" member in clear anywhere (RFC 7517 4)', () => {
    const keys = cells.filter((c) => c.column.endsWith('.signing_keys.private_jwk_ciphertext'));
    // ES256 and RS256, each with a current and a next key, for the school that signed ID tokens.
    expect(keys.length).toBeGreaterThanOrEqual(4);
    for (const { text } of keys) {
      expect(text).not.toMatch(/"(kty|d)"/);
      // Nor merely encoded: base64 of a JWK, in any dot- or colon-separated part, would decode to its members.
      for (const part of text.split(/[.:]/))
        expect(Buffer.from(part, 'base64url').toString('latin1')).not.toMatch(/"(kty|d)"/);
    }
    const clear = cells.filter((c) => /"d"\s*:\s*"/.test(c.text) && /"kty"/.test(c.text)).map((c) => c.column);
    expect(clear).toEqual([]);
  });
});
