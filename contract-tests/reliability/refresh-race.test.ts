// Refresh replay race (RFC 9700 4.14.2): 30 concurrent uses of one refresh token never
// leave two live successors (oidc-provider with a plain PostgreSQL adapter let 30 of 30 through).
// The rotation locks the family's grant, so the uses run one after another: the first exchanges
// the token for successors derived from it, and each later one, a retry inside
// REFRESH_REUSE_GRACE_SECONDS while that successor is unused, receives the very same pair. So all
// 30 are answered 200 with one refresh token, and exactly one branch lives. Counted in SQL, on
// PostgreSQL (a scratch database) and on PGlite (on disk, read after the instance stopped).
// Figures go to contract-tests/reports/RESULTS.md.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgresDatabase } from '../../src/db/testing.ts';
import { ACCOUNTS, CLIENTS } from '../support/accounts.ts';
import { CookieJar } from '../support/cookie-jar.ts';
import { authorizeInBrowser, discover, exchangeCode } from '../support/oauth-flow.ts';
import { DATABASE_URL, newKeyEncryptionKey, startInstance, type Instance } from './instance.ts';
import { countFamilies, liveAmong, type DatabaseAt, type FamilyCount } from './refresh-families.ts';
import { databaseLabel, writeResults } from './results.ts';

const CONCURRENT = 30;
const ROUNDS = 8; // the deadlock this found (lock order) showed in one round of three to eight
const client: oauth.Client = { client_id: CLIENTS.memberApp, token_endpoint_auth_method: 'none' };
const redirectUri = 'http://127.0.0.1:43193/callback';

type Round = { ok: number; refused: number; other: number[]; successors: string[]; live: number; ms: number };

describe(`refresh replay race on ${databaseLabel()} (RFC 9700 4.14.2)`, () => {
  let scratch: { url: string; drop: () => Promise<void> } | undefined;
  let instance: Instance | undefined;
  let at: DatabaseAt;
  const rounds: Round[] = [];
  let families: FamilyCount;
  let log = '';
  /** The instance's error lines, to say why a use was not answered 200 or 400. */
  const instanceErrors = () =>
    `\n${log
      .split('\n')
      .filter((l) => /"level":(50|60)/.test(l))
      .slice(0, 5)
      .join('\n')}`;

  async function race(origin: string, refreshToken: string): Promise<Round> {
    const body = new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: client.client_id,
    }).toString();
    const started = Date.now();
    // Each use on its own connection, all sent before any answer comes back.
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, () =>
        fetch(`${origin}/api/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', connection: 'close' },
          body,
        }).then(async (r) => ({ status: r.status, json: (await r.json()) as { refresh_token?: string } })),
      ),
    );
    const successors = answers.flatMap((a) => (a.status === 200 && a.json.refresh_token ? [a.json.refresh_token] : []));
    return {
      ok: successors.length,
      refused: answers.filter((a) => a.status === 400).length,
      other: answers.filter((a) => a.status !== 200 && a.status !== 400).map((a) => a.status),
      successors,
      live: 0,
      ms: Date.now() - started,
    };
  }

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'refresh-race-'));
    scratch = DATABASE_URL ? await createScratchPostgresDatabase(DATABASE_URL) : undefined;
    at = scratch ? { kind: 'postgres', url: scratch.url } : { kind: 'pglite', dir: path.join(dataDir, 'pglite') };
    const database: Record<string, string> = scratch
      ? { DATABASE_URL: scratch.url }
      : { PGLITE_STORAGE: 'disk', DATA_DIR: dataDir };
    instance = await startInstance(
      { ...database, KEY_ENCRYPTION_KEY: newKeyEncryptionKey(), RATE_LIMIT_OVERRIDES: 'tokenPerClient=100000' },
      { readyMs: 120_000 },
    );
    const as = await discover(instance.origin);
    const jar = new CookieJar();
    for (let i = 0; i < ROUNDS; i++) {
      const outcome = await authorizeInBrowser(as, {
        clientId: client.client_id,
        redirectUri,
        scope: 'openid account:read',
        resource: instance.origin,
        email: ACCOUNTS.student,
        jar,
      });
      const tokens = await exchangeCode(as, client, oauth.None(), outcome, redirectUri, instance.origin);
      rounds.push(await race(instance.origin, tokens.refresh_token!));
    }
    if (at.kind === 'pglite') await instance.stop(); // PGlite's files are read by one process at a time
    log = instance.stdout();
    for (const round of rounds) round.live = await liveAmong(at, round.successors);
    families = await countFamilies(at);
    await writeResults(
      `refresh-race-${databaseLabel().toLowerCase()}`,
      `Refresh replay race, ${CONCURRENT} concurrent uses of one refresh token (${databaseLabel()})`,
      [
        ['rounds (one fresh grant each)', ROUNDS],
        ['requests sent', ROUNDS * CONCURRENT],
        [
          'answered 200 (retries inside the grace window)',
          rounds.map((r) => r.ok).join(' / '),
          `must be ${CONCURRENT}`,
        ],
        [
          'distinct refresh tokens handed out per round',
          rounds.map((r) => new Set(r.successors).size).join(' / '),
          'must be 1',
        ],
        ['answered 400 invalid_grant', rounds.map((r) => r.refused).join(' / ')],
        ['answered anything else', rounds.map((r) => r.other.length).join(' / '), 'must be 0'],
        ['live successors per round (SQL)', rounds.map((r) => r.live).join(' / '), 'must be 1'],
        ['half-rotated or forked families (SQL)', families.halfRotated + families.forked, 'must be 0'],
        ['time per round, ms', rounds.map((r) => r.ms).join(' / ')],
      ],
    );
  }, 180_000);

  afterAll(async () => {
    await instance?.stop();
    await scratch?.drop();
  });

  it(`${CONCURRENT} concurrent uses of one refresh token leave exactly one live successor, never two (RFC 9700 4.14.2)`, () => {
    expect(rounds).toHaveLength(ROUNDS);
    for (const round of rounds) {
      expect(round.other, `every use is answered 200 or 400, never 5xx${instanceErrors()}`).toEqual([]);
      expect(round.ok + round.refused).toBe(CONCURRENT);
      expect(round.ok, 'the first use at least succeeds').toBeGreaterThanOrEqual(1);
      expect(round.live, `live successors among ${round.successors.length} handed out`).toBe(1);
    }
  });

  it(`every one of ${CONCURRENT} concurrent uses is answered with the same successor: a retry is never refused and never forks (/auth.md "6. Refresh and revoke")`, () => {
    for (const round of rounds) {
      expect(round.ok, `answered 200${instanceErrors()}`).toBe(CONCURRENT);
      expect(new Set(round.successors).size).toBe(1);
    }
  });

  it('no refresh family is left half-rotated or forked afterwards (counted in SQL)', () => {
    expect(families.grants).toBe(ROUNDS);
    expect([families.halfRotated, families.forked]).toEqual([0, 0]);
  });
});
