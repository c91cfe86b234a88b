// SSRF through Client ID Metadata Documents (CIMD draft, Security
// Considerations "Server Side Request Forgery (SSRF) Attacks"; OWASP Top 10 A10:2021 and the SSRF
// Prevention Cheat Sheet): an HTTPS client_id is a URL an unauthenticated party chooses and the
// server fetches. Documents are served here over real TLS (support/tls.ts: a localhost certificate
// the server under test trusts), and every TCP connection to the test servers is counted, so "never
// fetched" is observed, not assumed.
//
// Demo Academy allowlists `localhost`, where loopback is allowed on purpose (local development);
// the redirect, size and slowness limits are checked there. The address policy applies to hosts a
// school admits without listing them: those tests switch Demo Academy's open registration on
// through the admin API for their duration and restore it afterwards.
// Not reachable from outside: DNS rebinding and names that resolve to link-local, private or
// IPv4-mapped addresses need a resolver the test controls; src/lib/net/
// safe-fetch.test.ts and address-policy.test.ts cover them with an injected lookup (INVENTORY.md).
import { lookup } from 'node:dns/promises';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS } from '../support/accounts.ts';
import { operatorToken } from '../support/tokens.ts';

const origin = inject('primaryOrigin');
const tlsCert = inject('tlsCert');
const tlsKey = inject('tlsKey');
const REDIRECT = 'http://127.0.0.1:47700/callback';
/** The fetcher's deadline is 3 s (safe-fetch.ts); this leaves room for a busy machine. */
const DEADLINE_MS = 8_000;

type Served = { server: https.Server; port: number; connections: () => number; hits: Map<string, number> };

/**
 * An HTTPS server on every interface (IPv6 and IPv4 where the machine has both, so that a
 * connection to ::1 or a mapped address would be seen too), counting connections before TLS and
 * requests by path.
 */
async function serve(
  handler: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void,
): Promise<Served> {
  let connections = 0;
  const hits = new Map<string, number>();
  const server = https.createServer({ cert: tlsCert, key: tlsKey }, (req, res) => {
    hits.set(req.url ?? '', (hits.get(req.url ?? '') ?? 0) + 1);
    handler(req, res);
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => {
    server.once('error', () => server.listen(0, '0.0.0.0', resolve)); // no IPv6 here: IPv4 alone
    server.listen({ port: 0, host: '::', ipv6Only: false }, resolve);
  });
  return { server, port: (server.address() as AddressInfo).port, connections: () => connections, hits };
}

const documentFor = (req: import('node:http').IncomingMessage) =>
  JSON.stringify({
    client_id: `https://${req.headers.host}${req.url}`,
    client_name: 'SSRF probe',
    redirect_uris: [REDIRECT],
    token_endpoint_auth_method: 'none',
  });

function authorizeWith(clientId: string): Promise<Response> {
  const url = new URL('/oauth/authorize', origin);
  for (const [k, v] of Object.entries({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    scope: 'courses:read',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  }))
    url.searchParams.set(k, v);
  return fetch(url, { redirect: 'manual' });
}

/** Refused before the client is known: a 400 page, never a redirect; returns the page's text. */
async function expectRefused(response: Response): Promise<string> {
  expect(response.status).toBe(400);
  expect(response.headers.get('location')).toBeNull();
  return response.text();
}

describe.skipIf(!tlsCert)(
  'SSRF through client metadata documents (CIMD Security Considerations; OWASP A10:2021)',
  () => {
    let docs: Served;
    let target: Served;
    const sockets = new Set<import('node:net').Socket>();

    beforeAll(async () => {
      target = await serve((req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(documentFor(req));
      });
      docs = await serve((req, res) => {
        const path = req.url ?? '';
        if (path.startsWith('/ok/')) {
          res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
          return res.end(documentFor(req));
        }
        if (path.startsWith('/redirect/')) {
          res.writeHead(Number(path.split('/')[2]), { location: `https://localhost:${target.port}/ok/client.json` });
          return res.end();
        }
        if (path === '/big/client.json') {
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(1024 * 1024) });
          return res.end(`{"client_name": "${'x'.repeat(1024 * 1024 - 18)}"}`);
        }
        if (path === '/chunked/client.json') {
          res.writeHead(200, { 'content-type': 'application/json' });
          for (let i = 0; i < 256; i++) res.write('x'.repeat(4096));
          return res.end();
        }
        if (path === '/slow/client.json') {
          res.writeHead(200, { 'content-type': 'application/json' });
          const timer = setInterval(() => res.write(' '), 200);
          res.on('close', () => clearInterval(timer));
          return setTimeout(() => res.end('{}'), 15_000).unref();
        }
        // /hang/…: headers never come.
        sockets.add(req.socket);
      });
    });

    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all(
        [docs, target].map(
          (s) =>
            new Promise<void>((resolve) => {
              s.server.closeAllConnections();
              s.server.close(() => resolve());
            }),
        ),
      );
    });

    it('control: a document on the allowed host localhost is fetched over TLS and accepted', async () => {
      const before = docs.connections();
      const response = await authorizeWith(`https://localhost:${docs.port}/ok/client.json`);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toMatch(/^\/oauth\/sign-in\?/);
      expect(docs.connections()).toBeGreaterThan(before);
    });

    it.each(['301', '302', '303', '307', '308'])(
      'a %s redirect is refused and never followed, even to an allowed host (CIMD: redirects are not followed)',
      async (status) => {
        const page = await expectRefused(
          await authorizeWith(`https://localhost:${docs.port}/redirect/${status}/client.json`),
        );
        expect(page).toContain('redirect');
        expect(target.connections()).toBe(0);
      },
    );

    it.each(['big', 'chunked'])(
      'an oversized document (%s, 1 MB) is cut off and refused (CIMD: bounded response size)',
      async (kind) => {
        const started = Date.now();
        const page = await expectRefused(await authorizeWith(`https://localhost:${docs.port}/${kind}/client.json`));
        expect(page).toContain('too_large');
        expect(Date.now() - started).toBeLessThan(DEADLINE_MS);
      },
    );

    it('a trickling and a silent server are abandoned at the deadline, and the service answers others meanwhile (CIMD: timeouts)', async () => {
      const started = Date.now();
      const fetches = Promise.all([
        authorizeWith(`https://localhost:${docs.port}/slow/client.json`),
        authorizeWith(`https://localhost:${docs.port}/hang/client.json`),
      ]);
      const probe = Date.now();
      expect((await fetch(`${origin}/healthz`)).status).toBe(200);
      expect(Date.now() - probe).toBeLessThan(2_000);
      for (const response of await fetches) expect(await expectRefused(response)).toContain('timeout');
      expect(Date.now() - started).toBeLessThan(DEADLINE_MS);
    });

    describe('where open registration admits any host, the address policy holds (CIMD SSRF; OWASP SSRF Prevention)', () => {
      let token: string;
      let wasOpen: boolean;
      beforeAll(async () => {
        token = await operatorToken(origin, 'school:read school:write', ACCOUNTS.owner);
        const school = (await (
          await fetch(`${origin}/api/v1/school`, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as { open_registration: boolean };
        wasOpen = school.open_registration;
        await setOpenRegistration(true);
      });
      afterAll(async () => {
        if (token && wasOpen === false) await setOpenRegistration(false);
      });

      async function setOpenRegistration(open: boolean): Promise<void> {
        const response = await fetch(`${origin}/api/v1/school`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ open_registration: open }),
        });
        expect(response.status).toBe(200);
        // Schools are cached for a few seconds per instance: wait until the change is served.
        const deadline = Date.now() + 15_000;
        const unlisted = `https://unlisted-${Date.now()}.invalid/client.json`;
        for (;;) {
          const text = await (await authorizeWith(unlisted)).text();
          if (text.includes('does not accept client metadata documents') !== open) return;
          if (Date.now() > deadline) throw new Error(`open_registration=${open} not in effect after 15 s`);
          await new Promise((r) => setTimeout(r, 250));
        }
      }

      it.each([
        ['loopback', '127.0.0.1:PORT'],
        ['loopback in decimal', '2130706433:PORT'],
        ['loopback in hexadecimal', '0x7f000001:PORT'],
        ['loopback in octal', '0177.0.0.1:PORT'],
        ['loopback, shortened', '127.1:PORT'],
        ['the unspecified address', '0.0.0.0:PORT'],
        ['IPv6 loopback', '[::1]:PORT'],
        ['IPv4-mapped IPv6 loopback', '[::ffff:7f00:1]:PORT'],
        ['IPv4-mapped IPv6 loopback, dotted', '[::ffff:127.0.0.1]:PORT'],
        ['a private address', '10.0.0.1'],
        ['a private address (172.16/12)', '172.16.0.1'],
        ['a private address (192.168/16)', '192.168.1.1'],
        ['the link-local cloud metadata address', '169.254.169.254'],
        ['IPv6 link-local', '[fe80::1]'],
        ['IPv6 unique local', '[fd00::1]'],
        ['carrier-grade NAT', '100.64.0.1'],
      ])('an IP-literal client_id (%s) is refused before anything is fetched', async (_name, host) => {
        const before = docs.connections();
        await expectRefused(await authorizeWith(`https://${host.replace('PORT', String(docs.port))}/ok/client.json`));
        expect(docs.connections()).toBe(before);
      });

      it('a host name that resolves to a loopback or private address is refused without a connection', async (context) => {
        const name = os.hostname().toLowerCase();
        const addresses = await lookup(name, { all: true }).catch(() => []);
        const internal = addresses.some(({ address }) =>
          /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|::1$|f[cd]|fe80)/i.test(address),
        );
        // This machine's own name is the one host name that portably resolves to an internal address.
        if (name === 'localhost' || !/^[a-z0-9.-]+$/.test(name) || !internal) return context.skip();
        const before = docs.connections();
        const page = await expectRefused(await authorizeWith(`https://${name}:${docs.port}/ok/client.json`));
        expect(page).toContain('address_not_allowed');
        expect(docs.connections()).toBe(before);
      });

      it.each([
        ['http instead of https', 'http://localhost:PORT/ok/client.json'],
        ['credentials in the URL', 'https://user:pass@localhost:PORT/ok/client.json'],
        ['a fragment', 'https://localhost:PORT/ok/client.json#x'],
        ['a query', 'https://localhost:PORT/ok/client.json?x=1'],
        ['dot segments', 'https://localhost:PORT/x/../ok/client.json'],
        ['encoded dot segments', 'https://localhost:PORT/x/%2e%2e/ok/client.json'],
        ['an upper-case host', 'https://LOCALHOST:PORT/ok/client.json'],
        ['a backslash', 'https://localhost:PORT\\@evil.example/ok/client.json'],
        ['no path', 'https://localhost:PORT/'],
      ])(
        'a client_id with %s is refused before anything is fetched (CIMD: Client Identifier URL)',
        async (_name, url) => {
          const before = docs.connections();
          await expectRefused(await authorizeWith(url.replace('PORT', String(docs.port))));
          expect(docs.connections()).toBe(before);
        },
      );
    });
  },
);
