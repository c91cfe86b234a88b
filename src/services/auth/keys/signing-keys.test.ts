// Signing keys per site (spec, Authentication 7): rotation with overlap, the JWKS, ID-token
// signing, encryption at rest, and two instances sharing one database. Runs on PGlite, and on
// PostgreSQL when DATABASE_URL is set.
import { randomBytes, randomUUID } from 'node:crypto';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/database.ts';
import { createTestDatabase, type TestDatabase } from '../../../db/testing.ts';
import { decryptJson, KeyDecryptionError } from '../../../lib/key-encryption.ts';
import { createSigningKeyService, KEY_STATE_CACHE_SECONDS, RETIRED_KEY_GRACE_SECONDS } from './signing-keys.ts';

const TTL = 600;
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];
const keyEncryptionKey = randomBytes(32);

let test: TestDatabase;
let db: Db;
let clock: Date;
const now = () => clock;
const advance = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));
const service = (overrides: { keyEncryptionKey?: Buffer } = {}) =>
  createSigningKeyService({ db, keyEncryptionKey, idTokenTtlSeconds: TTL, now, ...overrides });

async function newSite(): Promise<string> {
  const slug = `s-${randomUUID().slice(0, 8)}`;
  const row = await db
    .insertInto('sites')
    .values({ slug, origin: `https://${slug}.example`, name: slug })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function keysOf(siteId: string) {
  return db
    .selectFrom('signing_keys')
    .selectAll()
    .where('site_id', '=', siteId)
    .orderBy('created_at')
    .orderBy('kid')
    .execute();
}

async function kidOf(siteId: string, alg: 'ES256' | 'RS256', state: 'current' | 'next') {
  const rows = (await keysOf(siteId)).filter((k) => k.alg === alg && k.state === state);
  expect(rows).toHaveLength(1);
  return rows[0]!.kid;
}

async function verify(token: string, siteId: string) {
  const jwks = await service().jwks(siteId);
  return jwtVerify(token, createLocalJWKSet(jwks), { currentDate: clock });
}

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
});
afterAll(() => test.drop());
beforeEach(() => {
  clock = new Date(Math.floor(Date.now() / 1000) * 1000);
});

describe('ensureKeys', () => {
  it('leaves exactly one current and one next key per alg, called twice and concurrently by two instances', async () => {
    const siteId = await newSite();
    const [a, b] = [service(), service()];
    await Promise.all([a.ensureKeys(siteId), b.ensureKeys(siteId), a.ensureKeys(siteId)]);
    await b.ensureKeys(siteId);
    const states = (await keysOf(siteId)).map((k) => `${k.alg}:${k.state}`).sort();
    expect(states).toEqual(['ES256:current', 'ES256:next', 'RS256:current', 'RS256:next']);
  });

  it('gives random, URL-safe, unique kids', async () => {
    const siteId = await newSite();
    await service().ensureKeys(siteId);
    const kids = (await keysOf(siteId)).map((k) => k.kid);
    for (const kid of kids) expect(kid).toMatch(/^(es256|rs256)-[A-Za-z0-9_-]{12}$/);
    expect(new Set(kids).size).toBe(kids.length);
  });
});

describe('jwks', () => {
  it('publishes next and current keys of both algs, public members only (RFC 7517 4)', async () => {
    const siteId = await newSite();
    const keys = service();
    await keys.ensureKeys(siteId);
    const { keys: published } = await keys.jwks(siteId);
    expect(published.map((k) => k.kid).sort()).toEqual((await keysOf(siteId)).map((k) => k.kid).sort());
    for (const jwk of published) {
      expect(jwk.use).toBe('sig');
      expect(['ES256', 'RS256']).toContain(jwk.alg);
      for (const member of PRIVATE_MEMBERS) expect(jwk).not.toHaveProperty(member);
      if (jwk.alg === 'ES256') expect(jwk).toMatchObject({ kty: 'EC', crv: 'P-256' });
      else expect(Buffer.from(jwk.n!, 'base64url')).toHaveLength(256); // 2048-bit modulus
    }
  });
});

describe('signJwt', () => {
  it('signs with the current ES256 key; the token verifies against the JWKS and names its kid', async () => {
    const siteId = await newSite();
    const keys = service();
    await keys.ensureKeys(siteId);
    const claims = { iss: 'https://school.example', sub: 'p1', aud: 'c1' };
    const token = await keys.signJwt(siteId, 'ES256', claims, { expiresInSeconds: TTL });
    const { payload, protectedHeader } = await verify(token, siteId);
    expect(protectedHeader).toEqual({ alg: 'ES256', kid: await kidOf(siteId, 'ES256', 'current'), typ: 'JWT' });
    const iat = clock.getTime() / 1000;
    expect(payload).toMatchObject({ sub: 'p1', aud: 'c1', iat, exp: iat + TTL });
  });

  it("signs with RS256 too, and creates a site's keys on first use", async () => {
    const siteId = await newSite();
    const token = await service().signJwt(siteId, 'RS256', { sub: 'p1' }, { expiresInSeconds: 60 });
    const { protectedHeader } = await verify(token, siteId);
    expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: await kidOf(siteId, 'RS256', 'current') });
  });

  it('refuses a lifetime longer than the ID-token lifetime that publish_until is based on', async () => {
    const siteId = await newSite();
    await expect(service().signJwt(siteId, 'ES256', {}, { expiresInSeconds: TTL + 1 })).rejects.toThrow(RangeError);
  });
});

describe('rotate', () => {
  it('retires current (still published until tokens expire), promotes next, and creates a fresh next', async () => {
    const siteId = await newSite();
    const keys = service();
    await keys.ensureKeys(siteId);
    const oldCurrent = await kidOf(siteId, 'ES256', 'current');
    const oldNext = await kidOf(siteId, 'ES256', 'next');
    const rsCurrent = await kidOf(siteId, 'RS256', 'current');
    const before = await keys.signJwt(siteId, 'ES256', { sub: 'p1' }, { expiresInSeconds: TTL });

    const [result] = await keys.rotate(siteId, 'ES256');
    expect(result).toMatchObject({ alg: 'ES256', retiredKid: oldCurrent, currentKid: oldNext });
    const retired = (await keysOf(siteId)).find((k) => k.kid === oldCurrent)!;
    expect(retired.state).toBe('retired');
    expect(retired.publish_until!.getTime()).toBe(clock.getTime() + (TTL + RETIRED_KEY_GRACE_SECONDS) * 1000);
    expect(await kidOf(siteId, 'ES256', 'current')).toBe(oldNext);
    expect(await kidOf(siteId, 'ES256', 'next')).toBe(result!.nextKid);
    expect(await kidOf(siteId, 'RS256', 'current')).toBe(rsCurrent); // only the named alg rotated

    const published = (await keys.jwks(siteId)).keys.map((k) => k.kid);
    expect(published).toEqual(expect.arrayContaining([oldCurrent, oldNext, result!.nextKid]));
    await verify(before, siteId); // a token signed before the rotation still verifies
    const after = await keys.signJwt(siteId, 'ES256', { sub: 'p1' }, { expiresInSeconds: TTL });
    expect(decodeProtectedHeader(after).kid).toBe(oldNext);
    await verify(after, siteId);
  });

  it('drops a retired key from the JWKS once its publish_until has passed', async () => {
    const siteId = await newSite();
    const keys = service();
    await keys.ensureKeys(siteId);
    const oldCurrent = await kidOf(siteId, 'ES256', 'current');
    await keys.rotate(siteId);
    advance(TTL + RETIRED_KEY_GRACE_SECONDS - 1);
    expect((await keys.jwks(siteId)).keys.map((k) => k.kid)).toContain(oldCurrent);
    advance(2);
    const published = (await keys.jwks(siteId)).keys;
    expect(published.map((k) => k.kid)).not.toContain(oldCurrent);
    expect(published).toHaveLength(4); // current and next of both algs remain
  });

  it('reaches another instance within KEY_STATE_CACHE_SECONDS', async () => {
    const siteId = await newSite();
    const [a, b] = [service(), service()];
    await a.ensureKeys(siteId);
    const oldCurrent = await kidOf(siteId, 'ES256', 'current');
    const sign = async (instance: typeof a) =>
      decodeProtectedHeader(await instance.signJwt(siteId, 'ES256', {}, { expiresInSeconds: 60 })).kid;
    expect(await sign(b)).toBe(oldCurrent);
    const [result] = await a.rotate(siteId, 'ES256');
    expect(await sign(a)).toBe(result!.currentKid); // the rotating instance switches at once
    expect(await sign(b)).toBe(oldCurrent); // b's cache is still fresh; the key is still published
    advance(KEY_STATE_CACHE_SECONDS);
    expect(await sign(b)).toBe(result!.currentKid);
  });
});

describe('private keys at rest', () => {
  it('are stored encrypted: the ciphertext holds no private member in clear, and another key cannot decrypt it', async () => {
    const siteId = await newSite();
    await service().ensureKeys(siteId);
    for (const row of await keysOf(siteId)) {
      for (const member of PRIVATE_MEMBERS) expect(row.public_jwk).not.toHaveProperty(member);
      const privateJwk = decryptJson(keyEncryptionKey, row.private_jwk_ciphertext, row.kid) as Record<string, string>;
      expect(privateJwk.d).toBeTruthy();
      expect(row.private_jwk_ciphertext).not.toContain(privateJwk.d);
      expect(row.private_jwk_ciphertext).not.toContain('"d"');
      expect(() => decryptJson(randomBytes(32), row.private_jwk_ciphertext, row.kid)).toThrow(KeyDecryptionError);
    }
    const otherDeployment = service({ keyEncryptionKey: randomBytes(32) });
    await expect(otherDeployment.signJwt(siteId, 'ES256', {}, { expiresInSeconds: 60 })).rejects.toThrow(
      KeyDecryptionError,
    );
  });
});
