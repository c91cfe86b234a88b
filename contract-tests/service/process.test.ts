// The process as an operator meets it (issue 2, point 8): a bad environment value stops start-up
// with one line naming the variable; SIGTERM finishes in-flight work and exits cleanly; logs are
// JSON lines with a request id. Each test starts its own `node src/main.ts`.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request on its own connection (no keep-alive pool that shutdown could close under it). */
function request(url: string, options: { method?: string; headers?: Record<string, string>; body?: string; onSent?: () => void } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.on('finish', () => options.onSent?.());
    req.end(options.body);
  });
}

function start(env: Record<string, string>): { child: ChildProcessWithoutNullStreams; output: () => string } {
  const chunks: Buffer[] = [];
  const child = spawn(process.execPath, ['src/main.ts'], {
    env: { ...process.env, NODE_ENV: 'test', PGLITE_STORAGE: 'memory', DATABASE_URL: '', LOG_LEVEL: 'info', ...env },
  });
  child.stdout.on('data', (c: Buffer) => chunks.push(c));
  child.stderr.on('data', (c: Buffer) => chunks.push(c));
  return { child, output: () => Buffer.concat(chunks).toString('utf8') };
}

async function waitForReady(origin: string, child: ChildProcessWithoutNullStreams): Promise<void> {
  for (let i = 0; i < 600 && child.exitCode === null; i++) {
    if (await request(`${origin}/readyz`).then((r) => r.status === 200, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become ready');
}

describe('the process (issue 2, point 8)', () => {
  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://root@localhost/x'],
    ['PUBLIC_URL', 'not a url'],
  ])('a bad %s stops start-up with one line naming the variable', async (variable, value) => {
    const { child, output } = start({ [variable]: value });
    const [code] = await once(child, 'exit');
    expect(code).not.toBe(0);
    const lines = output().trim().split('\n').filter((line) => !line.startsWith('npm '));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid ${variable}`));
  });

  it('SIGTERM lets an in-flight request finish, then exits 0 within the grace time; logs are JSON with request ids', async () => {
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    const { child, output } = start({ PORT: String(port), PUBLIC_URL: origin, SECOND_SITE_URL: `http://127.0.0.1:${port}`, SHUTDOWN_GRACE_MS: '5000' });
    await waitForReady(origin, child);
    const exited = once(child, 'exit');
    // A sign-in attempt is the slowest request there is (scrypt, ~100 ms): send one on its own
    // connection, and SIGTERM while the server is inside it.
    const page = await request(`${origin}/oauth/sign-in`);
    const cookie = (page.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(page.body)![1]!;
    const form = new URLSearchParams({ csrf_token: csrf, email: 'owner@demo-academy.test', password: 'not-the-password' }).toString();
    const started = Date.now();
    const inFlight = request(`${origin}/oauth/sign-in`, { method: 'POST', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: form, onSent: () => setTimeout(() => child.kill('SIGTERM'), 20) });
    const response = await inFlight;
    expect(response.status).toBe(401);
    const [code] = await exited;
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(6000);
    const lines = output().trim().split('\n').filter((line) => line.startsWith('{'));
    const requests = lines.map((line) => JSON.parse(line) as { req?: { id?: string } }).filter((entry) => entry.req);
    expect(requests.length).toBeGreaterThan(0);
    for (const entry of requests) expect(entry.req!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(output()).toContain('"msg":"stopped"');
  }, 90_000); // start-up of a fresh process on a busy 2-core CI machine can take tens of seconds
});
