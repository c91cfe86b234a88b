// Migration 2026-12-06T0101-webhook-error-classes (/webhooks.md "Delivery errors"): every
// `last_error` written before it, addresses and socket messages included, becomes its class in words.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing.ts';
import { up } from './2026-12-06T0101-webhook-error-classes.ts';

const OLD_TO_CLASS: Record<string, string> = {
  'status 503': 'http_status: the receiver answered with a status other than 2xx (503)',
  'no response within 10000 ms': 'timeout: no complete response within the deadline',
  'hooks.example resolves to special-use address 10.1.2.3':
    'refused_address: the host name resolves to an address webhooks may not be sent to',
  'cannot resolve hooks.example: getaddrinfo ENOTFOUND hooks.example': 'dns: the host name did not resolve',
  'hooks.example has no addresses': 'dns: the host name did not resolve',
  'self-signed certificate': 'tls: the TLS handshake with the receiver failed',
  'connect ECONNREFUSED 10.1.2.3:8443': 'connect: no connection to the receiver could be made or kept',
  'cannot be signed': 'signing: the delivery could not be signed with the endpoint’s secrets',
};

describe('migration 2026-12-06T0101-webhook-error-classes', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => test?.drop());

  it('rewrites every earlier last_error to its class, keeping no address or socket message', async () => {
    const db = test.db;
    const site = await db
      .insertInto('sites')
      .values({ slug: 'e', origin: 'http://e.test', name: 'E' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const endpoint = (
      await sql<{ id: string }>`insert into webhook_endpoints (site_id, url, event_types, version)
        values (${site.id}, 'https://hooks.example/', '[]', 'v') returning id`.execute(db)
    ).rows[0]!.id;
    const ids: Record<string, string> = {};
    for (const old of Object.keys(OLD_TO_CLASS)) {
      const event = (
        await sql<{ id: string }>`insert into webhook_events (site_id, type, version, payload)
          values (${site.id}, 'order.paid', 'v', '{}') returning id`.execute(db)
      ).rows[0]!.id;
      ids[old] = (
        await sql<{ id: string }>`insert into webhook_deliveries (site_id, event_id, endpoint_id, last_error)
          values (${site.id}, ${event}, ${endpoint}, ${old}) returning id`.execute(db)
      ).rows[0]!.id;
    }

    await up(db);
    const rows = await db.selectFrom('webhook_deliveries').select(['id', 'last_error']).execute();
    const after = Object.fromEntries(rows.map((row) => [row.id, row.last_error]));
    for (const [old, expected] of Object.entries(OLD_TO_CLASS)) expect(after[ids[old]!]).toBe(expected);
  });
});
