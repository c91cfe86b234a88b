// An allowlisted host never bypasses the private-address block (only an explicit
// development setting may, refused when NODE_ENV=production; RFC 6890) (CIMD draft, Security Considerations
// "Server Side Request Forgery (SSRF) Attacks"; OWASP SSRF Prevention). The suite's global server
// runs with the development setting (its documents live on https://localhost), so this one starts
// an instance without it: Demo Academy still allowlists `localhost`, and a document there must be
// refused without a connection. The production refusal is checked on the real process.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalhostCertificate } from '../support/tls.ts';
import { startInstance, type Instance } from './instance.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const REDIRECT = 'http://127.0.0.1:47712/callback';

describe('an allowlisted host resolving to a private address is refused without the development setting', () => {
  let instance: Instance;
  let server: https.Server;
  let connections = 0;
  let port = 0;

  beforeAll(async () => {
    const tls = await createLocalhostCertificate();
    server = https.createServer({ cert: tls.cert, key: tls.key }, (req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          client_id: `https://localhost:${port}${req.url}`,
          client_name: 'Private probe',
          redirect_uris: [REDIRECT],
        }),
      );
    });
    server.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
    port = (server.address() as AddressInfo).port;
    // The certificate is trusted, so only the address policy can stop the fetch.
    instance = await startInstance({ NODE_EXTRA_CA_CERTS: tls.caPath, CLIENT_METADATA_ALLOW_PRIVATE_ADDRESSES: '' });
  }, 120_000);

  afterAll(async () => {
    await instance?.stop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('https://localhost:<port>/… on the allowlisted host localhost is refused with address_not_allowed, never connected to', async () => {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: `https://localhost:${port}/agent/client.json`,
      redirect_uri: REDIRECT,
      scope: 'courses:read',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const school = await fetch(`${instance.origin}/.well-known/oauth-authorization-server`).then(
      (r) => r.json() as Promise<{ issuer: string }>,
    );
    expect(school.issuer).toBe(instance.origin);
    const response = await fetch(`${instance.origin}/oauth/authorize?${query}`, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('address_not_allowed');
    expect(connections).toBe(0);
  });

  it('NODE_ENV=production with CLIENT_METADATA_ALLOW_PRIVATE_ADDRESSES=true stops at start with one line naming the variable', async () => {
    const child = spawn(process.execPath, ['src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        CLIENT_METADATA_ALLOW_PRIVATE_ADDRESSES: 'true',
        PORT: '0',
        PGLITE_STORAGE: 'memory',
        DATABASE_URL: '',
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'private-addresses-')),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // A process that starts anyway is ended here, so the test fails fast and leaves nothing running.
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    clearTimeout(timer);
    expect(code).not.toBe(0);
    expect(code, 'the process must stop by itself, not be killed').not.toBeNull();
    const lines = output.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('CLIENT_METADATA_ALLOW_PRIVATE_ADDRESSES');
    expect(lines[0]).toContain('NODE_ENV=production');
  });
});
