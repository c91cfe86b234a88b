// The process as an operator meets it (issue 2, point 8): a bad environment value stops start-up
// with one line naming the variable; SIGTERM finishes in-flight work and exits cleanly; logs are
// JSON lines with a request id. Each test starts its own `node src/main.ts`.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
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
    if (await fetch(`${origin}/readyz`).then((r) => r.ok, () => false)) return;
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
    const inFlight = fetch(`${origin}/api/v1/catalog/courses?limit=100`);
    const started = Date.now();
    child.kill('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(200);
    const [code] = await exited;
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(6000);
    const lines = output().trim().split('\n').filter((line) => line.startsWith('{'));
    const requests = lines.map((line) => JSON.parse(line) as { req?: { id?: string } }).filter((entry) => entry.req);
    expect(requests.length).toBeGreaterThan(0);
    for (const entry of requests) expect(entry.req!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(output()).toContain('"msg":"stopped"');
  });
});
