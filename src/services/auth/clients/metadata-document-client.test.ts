// /auth.md "Rate limits": metadata-document fetch budgets that cannot be turned against a client, and the
// private-address rule, checked on the lookup itself with a real database and rate limiter and a
// fetcher the test controls (the contract suites check the same through HTTP and real TLS).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../db/testing.ts';
import { createRateLimiter } from '../../rate-limiter.ts';
import { toSite, type Site } from '../../school/sites.ts';
import { createMetadataFailureCache } from '../client-metadata/failure-cache.ts';
import { MetadataFetchError, type FetchedDocument, type FetchOptions } from '../../../lib/net/safe-fetch.ts';
import {
  MetadataDocumentRejected,
  MetadataFetchRateLimited,
  resolveMetadataDocumentClient,
  type MetadataDocumentDeps,
} from './metadata-document-client.ts';

const HOST = 'apps.example.com';
let REAL = '';
let testNumber = 0;
const LIMIT = 3;

let test: TestDatabase;
let schoolA: Site;
let schoolB: Site;
let openSchool: Site;
let clock: Date;
let fetches: Array<{ url: string; options: FetchOptions }>;
let answers: Map<string, 'ok' | 'missing'>;

async function insertSite(slug: string, hosts: string[], open = false): Promise<Site> {
  const row = await test.db
    .insertInto('sites')
    .values({
      slug,
      origin: `https://${slug}.test`,
      name: slug,
      allowed_metadata_hosts: hosts,
      open_registration: open,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSite(row);
}

async function fakeFetch(url: URL, options: FetchOptions): Promise<FetchedDocument> {
  fetches.push({ url: url.href, options });
  if (answers.get(url.href) !== 'ok') throw new MetadataFetchError('bad_status', 'status 404');
  const body = JSON.stringify({
    client_id: url.href,
    client_name: 'Real agent',
    redirect_uris: [`https://${url.hostname}/cb`],
  });
  // no-store: every use past the first needs a fetch, as a client that forbids caching asks.
  return { status: 200, headers: { 'cache-control': 'no-store' }, body, fetchedAt: clock };
}

function deps(overrides: Partial<MetadataDocumentDeps> = {}): MetadataDocumentDeps {
  return {
    db: test.db,
    rateLimiter: createRateLimiter(test.db, { metadataFetchPerHost: LIMIT }, () => clock),
    failures: failureCache,
    fetchDocument: fakeFetch,
    now: () => clock,
    ...overrides,
  };
}
let failureCache = createMetadataFailureCache();

const resolve = (site: Site, clientId: string, extra: Partial<MetadataDocumentDeps> = {}) =>
  resolveMetadataDocumentClient(deps(extra), site, clientId);

async function flood(site: Site, count: number, tag: string): Promise<void> {
  for (let i = 0; i < count; i++)
    await resolve(site, `https://${HOST}/junk-${tag}-${i}/client.json`).catch(() => undefined);
}

beforeAll(async () => {
  test = await createTestDatabase();
  schoolA = await insertSite('cimd-a', [HOST]);
  schoolB = await insertSite('cimd-b', [HOST]);
  openSchool = await insertSite('cimd-open', [], true);
});
afterAll(() => test?.drop());

beforeEach(() => {
  // Each test in a window of its own (the limiter's windows are fixed minutes), with a client of its own.
  testNumber += 1;
  clock = new Date(Date.UTC(2026, 0, 1, 0, testNumber * 10_000));
  REAL = `https://${HOST}/real-${testNumber}/client.json`;
  fetches = [];
  answers = new Map([[REAL, 'ok']]);
  failureCache = createMetadataFailureCache();
});

describe('metadata-document fetch budgets (/auth.md "Rate limits")', () => {
  it('junk URLs exhaust only the budget of never-seen URLs: the known client is still fetched', async () => {
    await resolve(schoolA, REAL);
    clock = new Date(clock.getTime() + 1000);
    await flood(schoolA, LIMIT + 2, 'a');
    await expect(resolve(schoolA, `https://${HOST}/junk-more/client.json`)).rejects.toBeInstanceOf(
      MetadataFetchRateLimited,
    );
    const before = fetches.length;
    expect((await resolve(schoolA, REAL)).clientId).toBe(REAL);
    expect(fetches.length).toBe(before + 1);
  });

  it("budgets are per school: a flood at one school leaves another school's new URLs alone", async () => {
    await flood(schoolA, LIMIT + 2, 'b');
    await expect(resolve(schoolA, `https://${HOST}/junk-x/client.json`)).rejects.toBeInstanceOf(
      MetadataFetchRateLimited,
    );
    answers.set(`https://${HOST}/b-only/client.json`, 'ok');
    expect((await resolve(schoolB, `https://${HOST}/b-only/client.json`)).clientId).toBe(
      `https://${HOST}/b-only/client.json`,
    );
  });

  it('a known client whose own budget is spent is served its last good document, without a fetch', async () => {
    // The first use spends the budget of new URLs; the next LIMIT spend the client's own.
    for (let i = 0; i < LIMIT + 1; i++) await resolve(schoolA, REAL);
    const before = fetches.length;
    const client = await resolve(schoolA, REAL);
    expect(client.clientId).toBe(REAL);
    expect(fetches.length).toBe(before);
  });

  it('with fetching switched off (a limit of 0) a known client stands in for a day past its freshness at most, then 429', async () => {
    await resolve(schoolA, REAL);
    const off = { rateLimiter: createRateLimiter(test.db, { metadataFetchPerHost: 0 }, () => clock) };
    clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000 - 60_000);
    expect((await resolve(schoolA, REAL, off)).clientId).toBe(REAL);
    clock = new Date(clock.getTime() + 2 * 60_000);
    await expect(resolve(schoolA, REAL, off)).rejects.toBeInstanceOf(MetadataFetchRateLimited);
    expect(fetches).toHaveLength(1);
  });

  it('a known client whose document stopped validating is refused, and its old document no longer stands in', async () => {
    await resolve(schoolA, REAL);
    answers.set(REAL, 'missing');
    await expect(resolve(schoolA, REAL)).rejects.toBeInstanceOf(MetadataDocumentRejected);
    for (let i = 0; i < LIMIT; i++) await resolve(schoolA, REAL).catch(() => undefined);
    await expect(resolve(schoolA, REAL)).rejects.toBeInstanceOf(MetadataFetchRateLimited);
  });

  it('a never-seen URL that failed is refused from the negative cache: no fetch, no budget', async () => {
    const junk = `https://${HOST}/junk-repeat/client.json`;
    await expect(resolve(schoolA, junk)).rejects.toThrow(/could not be fetched/);
    for (let i = 0; i < LIMIT * 3; i++) await expect(resolve(schoolA, junk)).rejects.toThrow(/kept for 60 s/);
    expect(fetches.filter((f) => f.url === junk)).toHaveLength(1);
    // The budget was spent once only: LIMIT - 1 new URLs still fit.
    for (let i = 0; i < LIMIT - 1; i++)
      await expect(resolve(schoolA, `https://${HOST}/fresh-${i}/client.json`)).rejects.not.toBeInstanceOf(
        MetadataFetchRateLimited,
      );
  });
});

describe('private addresses (RFC 6890: an allowlisted host never bypasses the block)', () => {
  it.each<[string, () => Site, boolean | undefined, boolean]>([
    ['allowlisted host, no development setting', () => schoolA, undefined, false],
    ['allowlisted host, setting off', () => schoolA, false, false],
    ['allowlisted host, development setting on', () => schoolA, true, true],
    ['host admitted by open registration, development setting on', () => openSchool, true, false],
  ])('%s', async (_name, site, allowPrivateAddresses, expected) => {
    await resolve(site(), REAL, allowPrivateAddresses === undefined ? {} : { allowPrivateAddresses });
    expect(fetches.at(-1)?.options.allowSpecialUseAddresses).toBe(expected);
  });
});
