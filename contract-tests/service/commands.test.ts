// The operator commands never lose data. With `npm start` running, each command
// (integrations add/list/remove, member-apps create/list/delete, signing-keys list/rotate, seed)
// is run as its own process, and the check is what the running server then answers over HTTP:
// registration by client_name returns the new integration, authorize accepts the new member app,
// the JWKS lists the rotated key, the seeded school answers. On embedded PGlite (on disk) the
// server does the work itself (its control socket); on PostgreSQL the commands write beside it.
// Expected failures (an unknown flag or school, a duplicate client_id, a second server on the same
// DATA_DIR, a port in use, a server that does not answer) are one line on stderr, no stack trace,
// a non-zero exit, and no change claimed. One server per database, commands in sequence.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgresDatabase } from '../../src/db/testing.ts';
import { DATABASE_URL, newKeyEncryptionKey, startInstance, type Instance } from '../reliability/instance.ts';
import { ownInstanceUnavailable } from './own-instance.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const KEY_STATE_CACHE_SECONDS = 30; // docs/operations.md "Several instances": other instances sign with a rotated key within 30 s

type Run = { code: number | null; stdout: string; stderr: string };

function run(file: string, args: string[], env: Record<string, string>, timeoutMs = 90_000): Promise<Run> {
  const child = spawn(process.execPath, [file, ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return once(child, 'exit').then(([code]) => (clearTimeout(timer), { code: code as number | null, stdout, stderr }));
}

/** One line on stderr that matches, no stack trace, a non-zero exit. */
function expectOneLine(result: Run, pattern: RegExp): void {
  const lines = result.stderr.trim().split('\n');
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(result.stderr).not.toMatch(/^\s+at \S/m);
  expect(result.code).not.toBe(0);
}

function expectRefused(result: Run, pattern: RegExp): void {
  expectOneLine(result, pattern);
  expect(result.stdout, 'a refused command reports no change').toBe('');
}

function expectDone(result: Run, pattern: RegExp): string {
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout).toMatch(pattern);
  return result.stdout;
}

async function registerByName(
  origin: string,
  name: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${origin}/api/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: name }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A valid authorization request of the client: sent on to sign-in when the server knows it, a 400 page when not. */
async function authorize(origin: string, clientId: string): Promise<{ status: number; location: string | null }> {
  const url = new URL('/oauth/authorize', origin);
  const params = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: 'http://127.0.0.1:43211/callback',
    scope: 'openid',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    state: 's',
    resource: origin,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const res = await fetch(url, { redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location') };
}

function expectAccepted(answer: { status: number; location: string | null }): void {
  expect(answer.status, 'authorize accepts the client').toBeGreaterThanOrEqual(300);
  expect(answer.status).toBeLessThan(400);
  expect(new URL(answer.location!, 'http://x').pathname, answer.location!).toBe('/oauth/sign-in');
}

async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function jwksKids(origin: string): Promise<string[]> {
  const jwks = (await (await fetch(`${origin}/.well-known/jwks.json`)).json()) as { keys: Array<{ kid: string }> };
  return jwks.keys.map((k) => k.kid);
}

const integrations = 'scripts/integrations.ts';
const memberApps = 'scripts/member-apps.ts';
const signingKeys = 'scripts/signing-keys.ts';
const seed = 'scripts/seed.ts';

/**
 * Every command against a running server with no school yet (SEED_DEMO=false). `withinMs` is how
 * long the server may take to see a change: at once through its own services; within the site
 * cache's 5 s for a school written by another process.
 */
function commandsAgainstARunningServer(
  server: () => { instance: Instance; env: Record<string, string>; schoolWithinMs: number },
) {
  it('seed: the running server answers as the seeded school; a second seed changes nothing', async () => {
    const { instance, env, schoolWithinMs } = server();
    expect((await fetch(`${instance.origin}/.well-known/openid-configuration`)).status).toBe(404);
    expectDone(await run(seed, [], env), /^Seeded the demo schools/);
    const status = await poll(
      async () => (await fetch(`${instance.origin}/.well-known/openid-configuration`)).status,
      (s) => s === 200,
      schoolWithinMs,
    );
    expect(status).toBe(200);
    expectDone(await run(seed, [], env), /nothing seeded/);
  });

  it('integrations add/list/remove: registration by client_name returns the new client_id at once, and nothing after its removal', async () => {
    const { instance, env } = server();
    const add = [
      'add',
      '--name',
      'Commands CRM',
      '--client-id',
      'commands-crm',
      '--redirect-uri',
      'https://crm.example.test/cb',
      '--scope',
      'courses:read',
    ];
    expectDone(await run(integrations, add, env), /client_id commands-crm/);
    const registered = await registerByName(instance.origin, 'Commands CRM');
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    expect(registered.body.client_id).toBe('commands-crm');
    expectDone(await run(integrations, ['list'], env), /^commands-crm\tCommands CRM/m);

    // A duplicate client id: one line, exit 1, and the first integration is unchanged.
    expectRefused(
      await run(integrations, ['add', '--name', 'Other CRM', ...add.slice(3)], env),
      /client_id "commands-crm" is already taken/,
    );
    expect((await registerByName(instance.origin, 'Other CRM')).status).toBe(400);

    expectDone(await run(integrations, ['remove', '--client-id', 'commands-crm'], env), /Removed commands-crm/);
    expect((await registerByName(instance.origin, 'Commands CRM')).body.error).toBe('invalid_client_metadata');
    expectRefused(await run(integrations, ['remove', '--client-id', 'commands-crm'], env), /No vendor integration/);
  });

  it('member-apps create/list/delete: authorize accepts the new client_id at once, and refuses it after deletion', async () => {
    const { instance, env } = server();
    const created = expectDone(
      await run(
        memberApps,
        [
          'create',
          '--site',
          'demo-academy',
          '--name',
          'Commands App',
          '--redirect-uri',
          'http://127.0.0.1/callback',
          '--scope',
          'openid',
        ],
        env,
      ),
      /client_id app-/,
    );
    const clientId = /client_id (\S+)/.exec(created)![1]!;
    expectAccepted(await authorize(instance.origin, clientId));
    expectDone(
      await run(memberApps, ['list', '--site', 'demo-academy'], env),
      new RegExp(`^${clientId}\tCommands App`, 'm'),
    );
    expectDone(await run(memberApps, ['delete', '--site', 'demo-academy', '--client-id', clientId], env), /Deleted/);
    expect((await authorize(instance.origin, clientId)).status).toBe(400);
  });

  it(`signing-keys list/rotate: the JWKS lists the new current and next keys within ${KEY_STATE_CACHE_SECONDS} s`, async () => {
    const { instance, env } = server();
    const listed = expectDone(await run(signingKeys, ['list', '--site', 'demo-academy'], env), /\tES256\tcurrent\t/);
    const before = /^(\S+)\tES256\tcurrent/m.exec(listed)![1]!;
    const rotated = expectDone(
      await run(signingKeys, ['rotate', '--site', 'demo-academy', '--alg', 'ES256'], env),
      /ES256: now signing with/,
    );
    const [, current, retired, next] = /ES256: now signing with (\S+); retired (\S+); next (\S+)/.exec(rotated)!;
    expect(retired).toBe(before);
    const kids = await poll(
      () => jwksKids(instance.origin),
      (k) => k.includes(current!) && k.includes(next!),
      KEY_STATE_CACHE_SECONDS * 1000,
    );
    expect(kids).toEqual(expect.arrayContaining([current, next, retired]));
  }, 60_000);

  it('a misspelled flag, an unknown --site, an unknown --alg: one line naming the valid choices, non-zero exit, no change', async () => {
    const { env } = server();
    expectRefused(
      await run(integrations, ['add', '--nmae', 'X', '--client-id', 'typo-crm'], env),
      /Unknown option --nmae\. .*--name/,
    );
    expectRefused(
      await run(memberApps, ['list', '--site', 'no-such-school'], env),
      /No school "no-such-school"\. --site takes one of: demo-academy, second-school\./,
    );
    expectRefused(
      await run(signingKeys, ['rotate', '--site', 'demo-academy', '--alg', 'HS256'], env),
      /--alg must be one of ES256, RS256/,
    );
    expectRefused(await run(memberApps, ['frobnicate'], env), /Unknown command "frobnicate"\. usage: /);
    expect((await run(integrations, ['list'], env)).stdout).not.toContain('typo-crm');
  });
}

describe.skipIf(ownInstanceUnavailable || Boolean(DATABASE_URL))(
  'commands beside `npm start` on embedded PGlite (on disk)',
  () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'commands-pglite-'));
    const base = { DATA_DIR: dataDir, PGLITE_STORAGE: 'disk', DATABASE_URL: '' };
    let instance: Instance;
    let env: Record<string, string>;
    let keptApp: string;

    beforeAll(async () => {
      instance = await startInstance({ ...base, SEED_DEMO: 'false' }, { readyMs: 120_000 });
      env = {
        ...base,
        PUBLIC_URL: instance.origin,
        SECOND_SITE_URL: instance.origin.replace('localhost', '127.0.0.1'),
      };
    }, 150_000);
    afterAll(() => instance?.stop());

    commandsAgainstARunningServer(() => ({ instance, env, schoolWithinMs: 0 }));

    it('a second `npm start` on the same DATA_DIR refuses in one line; so does one on a port in use', async () => {
      const second = await run('src/main.ts', [], { ...env, PORT: '0' });
      expectOneLine(second, new RegExp(`DATA_DIR .* is in use by a server \\(pid \\d+, port ${instance.port}`));
      const portTaken = await run('src/main.ts', [], {
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'commands-port-')),
        PGLITE_STORAGE: 'memory',
        DATABASE_URL: '',
        SEED_DEMO: 'false',
        PORT: String(instance.port),
      });
      expectOneLine(portTaken, new RegExp(`^Port ${instance.port} is already in use: .*another PORT`));
    }, 90_000);

    it('a server that holds DATA_DIR but does not answer: the command refuses at once and says what to do', async () => {
      const elsewhere = mkdtempSync(path.join(os.tmpdir(), 'commands-silent-'));
      // This test process stands in for a server that is alive but has no working control socket.
      const lock = {
        pid: process.pid,
        role: 'server',
        port: 1,
        startedAt: new Date().toISOString(),
        socket: path.join(elsewhere, 'gone.sock'),
        secret: 'x',
      };
      writeFileSync(path.join(elsewhere, 'owner.lock'), JSON.stringify(lock), { mode: 0o600 });
      const started = Date.now();
      const refused = await run(
        integrations,
        [
          'add',
          '--name',
          'Lost CRM',
          '--client-id',
          'lost-crm',
          '--redirect-uri',
          'https://crm.example.test/cb',
          '--scope',
          'courses:read',
        ],
        { ...env, DATA_DIR: elsewhere },
      );
      expectRefused(
        refused,
        /does not answer on its control socket; nothing was changed: stop the server first .*DATABASE_URL/,
      );
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(existsSync(path.join(elsewhere, 'pglite')), 'the command never opened the database').toBe(false);
    });

    it('what the commands wrote outlives a restart: SIGTERM releases DATA_DIR, and a stale lock (dead pid) is taken over', async () => {
      keptApp = /client_id (\S+)/.exec(
        expectDone(
          await run(
            memberApps,
            [
              'create',
              '--site',
              'demo-academy',
              '--name',
              'Kept App',
              '--redirect-uri',
              'http://127.0.0.1/callback',
              '--scope',
              'openid',
            ],
            env,
          ),
          /client_id/,
        ),
      )![1]!;
      await instance.stop();
      expect(existsSync(path.join(dataDir, 'owner.lock')), 'released on SIGTERM').toBe(false);
      const dead = spawn(process.execPath, ['-e', '0']);
      await once(dead, 'exit');
      writeFileSync(
        path.join(dataDir, 'owner.lock'),
        JSON.stringify({ pid: dead.pid, role: 'server', port: 1, startedAt: '2026-01-01T00:00:00.000Z' }),
        { mode: 0o600 },
      );
      instance = await startInstance({ ...base, SEED_DEMO: 'false' }, { port: instance.port, readyMs: 120_000 });
      expectAccepted(await authorize(instance.origin, keptApp));
      expectDone(
        await run(memberApps, ['list', '--site', 'demo-academy'], env),
        new RegExp(`^${keptApp}\tKept App`, 'm'),
      );
    }, 150_000);
  },
);

describe.skipIf(ownInstanceUnavailable || !DATABASE_URL)('commands beside a running instance on PostgreSQL', () => {
  let scratch: { url: string; drop: () => Promise<void> };
  let instance: Instance;
  let env: Record<string, string>;

  beforeAll(async () => {
    scratch = await createScratchPostgresDatabase(DATABASE_URL!);
    const shared = { DATABASE_URL: scratch.url, KEY_ENCRYPTION_KEY: newKeyEncryptionKey() };
    instance = await startInstance({ ...shared, SEED_DEMO: 'false' }, { readyMs: 120_000 });
    env = {
      ...shared,
      PUBLIC_URL: instance.origin,
      SECOND_SITE_URL: instance.origin.replace('localhost', '127.0.0.1'),
    };
  }, 150_000);
  afterAll(async () => {
    await instance?.stop();
    await scratch?.drop();
  });

  // Another process wrote the school: the instance's site cache (5 s) may answer 404 until then.
  commandsAgainstARunningServer(() => ({ instance, env, schoolWithinMs: 10_000 }));
});
