// Start-up failures an operator meets (docs/operations.md "Commands beside a running server", exit codes): a damaged or
// unreadable embedded database, a wrong DATABASE_URL, a key that is malformed or not the one the data was
// sealed with. Each stops `node src/main.ts` with one line on stderr naming the problem, never a stack
// trace, with the exit code docs/operations.md lists, and nothing served.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgresDatabase } from '../../src/db/testing.ts';
import { DATABASE_URL, freePort, newKeyEncryptionKey, startInstance } from '../reliability/instance.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const EXIT = { refused: 1, dataUnreadable: 74, configuration: 78 };

type Outcome = { code: number | null; stdout: string; stderr: string };

/** Starts the process with `env` and waits for it to stop on its own (a minute at most). */
async function startExpectingExit(
  env: Record<string, string>,
  account?: { uid: number; gid: number },
): Promise<Outcome> {
  const port = await freePort();
  const child = spawn(process.execPath, ['src/main.ts'], {
    cwd: ROOT,
    ...account,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: '',
      PGLITE_STORAGE: 'disk',
      WEB_CONCURRENCY: '',
      KEY_ENCRYPTION_KEY: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (c: Buffer) => out.push(c));
  child.stderr.on('data', (c: Buffer) => err.push(c));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  return { code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
}

/** One line on stderr matching `line`, no stack trace, the exit code, and nothing listening. */
function expectOneLine(outcome: Outcome, exitCode: number, line: RegExp): void {
  const lines = outcome.stderr.split('\n').filter((l) => l.trim() !== '');
  expect(lines, outcome.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(line);
  expect(outcome.stderr).not.toMatch(/^\s+at /m);
  expect(outcome.stdout).not.toContain('"listening"');
  expect(outcome.code, outcome.stderr).toBe(exitCode);
}

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'start-up-failures-'));

describe('start-up failures are one line with the documented exit code (docs/operations.md "Commands beside a running server")', () => {
  // A DATA_DIR that a server filled (migrations, seed, signing keys sealed under `key`) and stopped.
  let fixture: string;
  const key = newKeyEncryptionKey();

  beforeAll(async () => {
    fixture = tmp();
    const instance = await startInstance(
      { DATA_DIR: fixture, PGLITE_STORAGE: 'disk', KEY_ENCRYPTION_KEY: key },
      { readyMs: 120_000 },
    );
    // The school's signing keys are made, and sealed, at their first use.
    const jwks = await fetch(`${instance.origin}/.well-known/jwks.json`);
    expect(jwks.status).toBe(200);
    await instance.stop();
  }, 150_000);
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  /** A copy of the fixture, changed by `damage`. */
  function damagedCopy(damage: (pglite: string) => void): string {
    const dir = tmp();
    cpSync(fixture, dir, { recursive: true });
    rmSync(path.join(dir, 'owner.lock'), { force: true });
    damage(path.join(dir, 'pglite'));
    return dir;
  }

  it('the fixture starts again with its own key (so each failure below is the damage alone)', async () => {
    const instance = await startInstance(
      { DATA_DIR: damagedCopy(() => undefined), PGLITE_STORAGE: 'disk', KEY_ENCRYPTION_KEY: key },
      { readyMs: 120_000 },
    );
    await instance.stop();
  }, 150_000);

  it.each([
    ['pg_control truncated to nothing', (d: string) => writeFileSync(path.join(d, 'global', 'pg_control'), '')],
    [
      'pg_control overwritten with garbage',
      (d: string) => writeFileSync(path.join(d, 'global', 'pg_control'), 'x'.repeat(8192)),
    ],
    ['PG_VERSION holding garbage', (d: string) => writeFileSync(path.join(d, 'PG_VERSION'), 'garbage\n')],
    [
      'pg_control unreadable (a folder where the file should be)',
      (d: string) => {
        rmSync(path.join(d, 'global', 'pg_control'));
        mkdirSync(path.join(d, 'global', 'pg_control'));
      },
    ],
  ])(
    'a damaged embedded database (%s): one line naming it, exit 74',
    async (_what, damage) => {
      const outcome = await startExpectingExit({ DATA_DIR: damagedCopy(damage), KEY_ENCRYPTION_KEY: key });
      expectOneLine(
        outcome,
        EXIT.dataUnreadable,
        /^Cannot open the embedded database in .*pglite: its files are damaged or unreadable/,
      );
    },
    70_000,
  );

  it('a DATA_DIR whose database folder cannot be made (a file in the way): one line naming the path, exit 74', async () => {
    const dir = tmp();
    writeFileSync(path.join(dir, 'pglite'), 'not a folder');
    const outcome = await startExpectingExit({ DATA_DIR: dir });
    expectOneLine(
      outcome,
      EXIT.dataUnreadable,
      /^Cannot use DATA_DIR .*pglite: a file is in the way of a folder \(EEXIST\)/,
    );
  }, 70_000);

  it('a KEY_ENCRYPTION_KEY that is not the one the data was sealed with: one line naming it, exit 78', async () => {
    const outcome = await startExpectingExit({
      DATA_DIR: damagedCopy(() => undefined),
      KEY_ENCRYPTION_KEY: newKeyEncryptionKey(),
    });
    expectOneLine(outcome, EXIT.configuration, /^Invalid KEY_ENCRYPTION_KEY: it does not open the signing keys/);
  }, 70_000);

  it('a malformed KEY_ENCRYPTION_KEY, or a development key file holding garbage: one line naming it, exit 78', async () => {
    const malformed = await startExpectingExit({ DATA_DIR: tmp(), KEY_ENCRYPTION_KEY: 'not-a-key' });
    expectOneLine(malformed, EXIT.configuration, /^Invalid KEY_ENCRYPTION_KEY/);
    const dir = damagedCopy(() => undefined);
    writeFileSync(path.join(dir, 'key-encryption.key'), 'garbage\n');
    const file = await startExpectingExit({ DATA_DIR: dir });
    expectOneLine(file, EXIT.configuration, /^Invalid key-encryption key file .*key-encryption\.key: /);
  }, 70_000);

  it.each([
    ['not a URL', 'postgres://::bad'],
    ['a password that is not percent-encoded', 'postgres://app:50%off@127.0.0.1:5432/school'],
  ])(
    'a malformed DATABASE_URL (%s): one line naming the variable, without the password, exit 78',
    async (_what, url) => {
      const outcome = await startExpectingExit({ DATABASE_URL: url });
      expectOneLine(outcome, EXIT.configuration, /^Invalid DATABASE_URL/);
      expect(outcome.stderr).not.toContain('50%off');
    },
    70_000,
  );

  it('a DATABASE_URL naming a host that does not exist, or a port where nothing listens: one line naming it, exit 1', async () => {
    const unknownHost = await startExpectingExit({
      DATABASE_URL: 'postgres://postgres@no-such-host.invalid:5432/school',
    });
    expectOneLine(
      unknownHost,
      EXIT.refused,
      /^Cannot use PostgreSQL at no-such-host\.invalid:5432\/school: it does not answer/,
    );
    const closedPort = await startExpectingExit({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/school`,
    });
    expectOneLine(
      closedPort,
      EXIT.refused,
      /^Cannot use PostgreSQL at 127\.0\.0\.1:\d+\/school: it does not answer \(ECONNREFUSED\)/,
    );
  }, 130_000);

  // Files another account owns: the service runs as `nobody` (needs root to switch, as a service manager does).
  const NOBODY = { uid: 65534, gid: 65534 };
  describe.skipIf(process.getuid?.() !== 0)('run by an account that may not read the files', () => {
    // docs/security.md "Private files": as PostgreSQL refuses a data directory of another owner.
    it('a DATA_DIR another account owns: refused in one line naming the path and its owner, exit 1', async () => {
      const dir = damagedCopy(() => undefined);
      chmodSync(dir, 0o700); // root's
      const outcome = await startExpectingExit({ DATA_DIR: dir, KEY_ENCRYPTION_KEY: key }, NOBODY);
      expectOneLine(
        outcome,
        EXIT.refused,
        new RegExp(
          `^Cannot use DATA_DIR ${dir}: ${dir} \\(mode 0700\\) belongs to uid 0, not to this account \\(uid 65534\\)`,
        ),
      );
    }, 70_000);

    it('a DATA_DIR in a folder the account may not enter: one line naming the path, exit 74', async () => {
      const parent = tmp(); // root's, 0700
      const outcome = await startExpectingExit(
        { DATA_DIR: path.join(parent, 'data'), KEY_ENCRYPTION_KEY: key },
        NOBODY,
      );
      expectOneLine(outcome, EXIT.dataUnreadable, /^Cannot use DATA_DIR .*: permission denied \(EACCES\)/);
    }, 70_000);

    it('a file open to others that another account owns inside DATA_DIR: refused naming it, exit 1', async () => {
      const dir = damagedCopy((pglite) => {
        chownSync(path.join(pglite, 'PG_VERSION'), NOBODY.uid, NOBODY.gid);
        chmodSync(path.join(pglite, 'PG_VERSION'), 0o644);
      });
      const outcome = await startExpectingExit({ DATA_DIR: dir, KEY_ENCRYPTION_KEY: key });
      expectOneLine(
        outcome,
        EXIT.refused,
        new RegExp(`^Cannot use DATA_DIR ${dir}: ${dir}/pglite/PG_VERSION \\(mode 0644\\) belongs to uid 65534`),
      );
    }, 70_000);

    it('database files the account may not read: one line naming the database, exit 74', async () => {
      // DATA_DIR is the account's, but its database folder another account's (private, so not refused).
      const dir = damagedCopy(() => undefined);
      execFileSync('chown', ['-R', `${NOBODY.uid}:${NOBODY.gid}`, dir]);
      chownSync(path.join(dir, 'pglite'), 0, 0);
      chmodSync(path.join(dir, 'pglite'), 0o700);
      const outcome = await startExpectingExit({ DATA_DIR: dir, KEY_ENCRYPTION_KEY: key }, NOBODY);
      expectOneLine(
        outcome,
        EXIT.dataUnreadable,
        /^Cannot open the embedded database in .*pglite: its files are damaged or unreadable/,
      );
    }, 70_000);
  });

  describe.skipIf(!DATABASE_URL)('on PostgreSQL', () => {
    it('wrong credentials: one line naming the server without the password, exit 1', async () => {
      const url = new URL(DATABASE_URL!);
      url.username = 'no_such_role';
      url.password = 'wrong-password-42';
      const outcome = await startExpectingExit({ DATABASE_URL: url.toString() });
      expectOneLine(
        outcome,
        EXIT.refused,
        /^Cannot use PostgreSQL at .*: the (password was refused|role may not connect)/,
      );
      expect(outcome.stderr).not.toContain('wrong-password-42');
    }, 70_000);

    it('a KEY_ENCRYPTION_KEY that is not the one the data was sealed with: one line naming it, exit 78', async () => {
      const scratch = await createScratchPostgresDatabase(DATABASE_URL!);
      try {
        const instance = await startInstance(
          { DATABASE_URL: scratch.url, KEY_ENCRYPTION_KEY: key },
          { readyMs: 120_000 },
        );
        expect((await fetch(`${instance.origin}/.well-known/jwks.json`)).status).toBe(200);
        await instance.stop();
        const outcome = await startExpectingExit({
          DATABASE_URL: scratch.url,
          KEY_ENCRYPTION_KEY: newKeyEncryptionKey(),
        });
        expectOneLine(outcome, EXIT.configuration, /^Invalid KEY_ENCRYPTION_KEY: it does not open the signing keys/);
      } finally {
        await scratch.drop();
      }
    }, 200_000);
  });
});
