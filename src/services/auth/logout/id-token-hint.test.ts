// RP-Initiated Logout 1.0 2: the id_token_hint is an ID token this school issued, accepted even
// when expired; nothing else signed by the same keys counts. Runs on PGlite, and on PostgreSQL
// when DATABASE_URL is set.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../db/testing.ts';
import type { Site } from '../../school/sites.ts';
import { createSigningKeyService } from '../keys/signing-keys.ts';
import { readIdTokenHint, UnusableIdTokenHint } from './id-token-hint.ts';

const TTL = 600;
const keyEncryptionKey = randomBytes(32);

describe('id_token_hint (RP-Initiated Logout 1.0 2)', () => {
  let test: TestDatabase;
  let site: Site;
  beforeAll(async () => {
    test = await createTestDatabase();
    const slug = `s-${randomUUID().slice(0, 8)}`;
    const row = await test.db
      .insertInto('sites')
      .values({ slug, origin: `https://${slug}.example`, name: slug })
      .returning(['id', 'origin'])
      .executeTakeFirstOrThrow();
    site = { id: row.id, origin: row.origin } as Site;
  });
  afterAll(async () => test?.drop());

  const keysAt = (now: Date) =>
    createSigningKeyService({ db: test.db, keyEncryptionKey, idTokenTtlSeconds: TTL, now: () => now });
  const claims = { sub: 'person-1', aud: 'client-1', sid: 'session-1' };

  it('an expired ID token of this school is still a hint: its client, person and session', async () => {
    const issuedLongAgo = new Date(Date.now() - 2 * TTL * 1000);
    const token = await keysAt(issuedLongAgo).signJwt(
      site.id,
      'ES256',
      { ...claims, iss: site.origin },
      {
        expiresInSeconds: TTL,
      },
    );
    expect(await readIdTokenHint(keysAt(new Date()), site, token)).toEqual({
      clientId: 'client-1',
      personId: 'person-1',
      sessionId: 'session-1',
    });
  });

  it('a logout token (typ logout+jwt, events), another issuer or an altered token is no hint', async () => {
    const keys = keysAt(new Date());
    const logoutToken = await keys.signJwt(
      site.id,
      'ES256',
      { ...claims, iss: site.origin, events: { 'http://schemas.openid.net/event/backchannel-logout': {} } },
      { expiresInSeconds: 120, typ: 'logout+jwt' },
    );
    const elsewhere = await keys.signJwt(
      site.id,
      'ES256',
      { ...claims, iss: 'https://elsewhere.example' },
      {
        expiresInSeconds: TTL,
      },
    );
    const good = await keys.signJwt(site.id, 'ES256', { ...claims, iss: site.origin }, { expiresInSeconds: TTL });
    const [header, , signature] = good.split('.');
    const altered = `${header}.${Buffer.from(JSON.stringify({ ...claims, iss: site.origin, sub: 'x' })).toString('base64url')}.${signature}`;
    for (const token of [logoutToken, elsewhere, altered, 'not-a-jwt'])
      await expect(readIdTokenHint(keys, site, token)).rejects.toBeInstanceOf(UnusableIdTokenHint);
  });
});
