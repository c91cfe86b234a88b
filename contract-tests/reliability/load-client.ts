// What the load suites share around load.ts: the client it plays (a member application with an
// HTTPS callback and a signed-in browser session whose consent to it is remembered, so authorize
// answers with a code at once, at any instance), the run itself in a second process, and the check
// afterwards that every token a client received still works (nothing acknowledged was lost).
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ACCOUNTS } from '../support/accounts.ts';
import { CookieJar } from '../support/cookie-jar.ts';
import { authorizeInBrowser, discover } from '../support/oauth-flow.ts';
import { fetchVia } from './instance.ts';
import type { LoadConfig, LoadReport } from './load.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SCOPE = 'openid account:read';

export type LoadClient = Pick<LoadConfig, 'origin' | 'clientId' | 'redirectUri' | 'scope' | 'cookie'>;

/**
 * Creates the load's member application with `npm run member-apps` (run with the deployment's
 * `env`) and signs the demo student in to it at `origin`, consent remembered.
 */
export async function prepareLoadClient(env: Record<string, string>, origin: string): Promise<LoadClient> {
  // An HTTPS callback: a loopback one is a native client's, asked for consent every time.
  const redirectUri = 'https://load.example.test/callback';
  const created = await promisify(execFile)(
    process.execPath,
    [
      'scripts/member-apps.ts',
      'create',
      '--site',
      'demo-academy',
      '--name',
      'Load Client',
      '--redirect-uri',
      redirectUri,
      ...SCOPE.split(' ').flatMap((scope) => ['--scope', scope]),
    ],
    { cwd: ROOT, env: { ...process.env, ...env, NODE_ENV: 'test' } },
  );
  const clientId = /client_id (\S+)/.exec(created.stdout)![1]!;
  const jar = new CookieJar();
  await authorizeInBrowser(await discover(origin), {
    clientId,
    redirectUri,
    scope: SCOPE,
    resource: origin,
    email: ACCOUNTS.student,
    jar,
  });
  return { origin, clientId, redirectUri, scope: SCOPE, cookie: jar.header(origin) };
}

/**
 * Runs load.ts in a second process; `onStarted` is called once its clients start (faults are timed
 * from there). Throws when the load process fails; a guard kills it 30 s past its duration.
 */
export async function runLoad(
  config: Omit<LoadConfig, 'out'>,
  onStarted: () => void = () => undefined,
): Promise<LoadReport> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'load-'));
  const full: LoadConfig = { ...config, out: path.join(dir, 'report.json') };
  writeFileSync(path.join(dir, 'config.json'), JSON.stringify(full));
  const load = spawn(process.execPath, ['contract-tests/reliability/load.ts', path.join(dir, 'config.json')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  load.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  load.stdout.once('data', onStarted);
  const exited = once(load, 'exit');
  const guard = setTimeout(() => load.kill('SIGKILL'), config.durationMs + 30_000);
  const [code] = (await exited) as [number | null];
  clearTimeout(guard);
  if (code !== 0) throw new Error(`load.ts exited ${code}: ${stderr}`);
  return JSON.parse(readFileSync(full.out, 'utf8')) as LoadReport;
}

/** Runs `check` over `items`, `width` at a time; answers the items it returned false for. */
export async function failing<T>(items: T[], width: number, check: (item: T) => Promise<boolean>): Promise<T[]> {
  const failed: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const item = items[next++]!;
        if (!(await check(item))) failed.push(item);
      }
    }),
  );
  return failed;
}

/**
 * Every access token the clients received, and each family's current refresh token, tried at the
 * instance on `port`: those refused. A refresh answered with an error after the server had rotated
 * the token (its answer lost to a crash or a lost connection) is retried with the same token inside
 * REFRESH_REUSE_GRACE_SECONDS and gets the successor (/auth.md "Refresh").
 */
export async function refusedTokens(
  report: LoadReport,
  port: number,
): Promise<{ accessTokens: number; lostAccess: string[]; lostRefresh: string[] }> {
  const { origin, clientId } = report.config;
  const via = fetchVia(port);
  const accessTokens = report.families.flatMap((f) => f.accessTokens);
  const lostAccess = await failing(
    accessTokens,
    16,
    async (token) =>
      (await via(`${origin}/api/oauth/userinfo`, { headers: { authorization: `Bearer ${token}` } })).status === 200,
  );
  const lostRefresh = await failing(
    report.families.map((f) => f.refreshToken),
    16,
    async (token) => {
      const body = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token, client_id: clientId });
      const answer = await via(`${origin}/api/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
      });
      return answer.status === 200;
    },
  );
  return { accessTokens: accessTokens.length, lostAccess, lostRefresh };
}
