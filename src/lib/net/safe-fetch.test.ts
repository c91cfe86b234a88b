import * as http from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchClientMetadataDocument, MetadataFetchError } from './safe-fetch.ts';

const documentBody = JSON.stringify({ client_id: 'https://app.example.com/client.json', redirect_uris: [] });
const hits = new Map<string, number>();
let lastRequestHeaders: http.IncomingHttpHeaders = {};
let port = 0;
let targetPort = 0;
let targetHits = 0;

function json(res: http.ServerResponse, body: string, contentType = 'application/json'): void {
  res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'max-age=60' }).end(body);
}

// One plain-HTTP server on 127.0.0.1 plays every kind of client, good and hostile.
const routes: Record<string, (res: http.ServerResponse) => void> = {
  '/good': (res) => json(res, documentBody),
  '/vendor-json': (res) => json(res, documentBody, 'application/vnd.example+json; charset=utf-8'),
  '/html': (res) => json(res, '<html></html>', 'text/html'),
  '/missing': (res) => res.writeHead(404, { 'Content-Type': 'application/json' }).end('{}'),
  '/redirect': (res) => res.writeHead(302, { Location: `http://127.0.0.1:${targetPort}/target` }).end(),
  '/big': (res) => json(res, JSON.stringify({ padding: 'x'.repeat(6 * 1024) })),
  '/big-chunked': (res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' }); // no Content-Length: chunked
    for (let i = 0; i < 6; i += 1) res.write('x'.repeat(1024));
    res.end();
  },
  '/gzip': (res) => res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }).end('{}'),
  '/trickle': (res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.flushHeaders();
    const timer = setInterval(() => res.write(' '), 200);
    res.on('close', () => clearInterval(timer));
  },
  '/silent': () => {}, // accepts the request and never answers
};

const server = http.createServer((req, res) => {
  const path = req.url ?? '';
  hits.set(path, (hits.get(path) ?? 0) + 1);
  lastRequestHeaders = req.headers;
  (routes[path] ?? ((r: http.ServerResponse) => r.writeHead(500).end()))(res);
});
const target = http.createServer((_req, res) => {
  targetHits += 1;
  json(res, documentBody);
});

async function listen(s: http.Server): Promise<number> {
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return (s.address() as AddressInfo).port;
}

async function close(s: http.Server): Promise<void> {
  s.closeAllConnections();
  await new Promise((resolve) => s.close(resolve));
}

beforeAll(async () => {
  port = await listen(server);
  targetPort = await listen(target);
});
afterAll(async () => {
  await close(server);
  await close(target);
});
beforeEach(() => {
  hits.clear();
  targetHits = 0;
});

const local = (path: string) => new URL(`http://127.0.0.1:${port}${path}`);
const allowLocal = { allowSpecialUseAddresses: true };

/** A resolver that answers every name with the given addresses, counting its calls. */
function stubLookup(addresses: string[]): LookupFunction & { calls: number } {
  const lookup = ((_hostname, _options, callback) => {
    lookup.calls += 1;
    callback(
      null,
      addresses.map((address) => ({ address, family: isIP(address) })),
    );
  }) as LookupFunction & { calls: number };
  lookup.calls = 0;
  return lookup;
}

async function failure(promise: Promise<unknown>): Promise<MetadataFetchError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MetadataFetchError);
  return error as MetadataFetchError;
}

describe('fetchClientMetadataDocument (CIMD draft, Client Information Discovery and SSRF)', () => {
  it('fetches a good document with Accept and User-Agent headers', async () => {
    const fetchedAt = new Date('2026-11-22T12:00:00Z');
    const result = await fetchClientMetadataDocument(local('/good'), { ...allowLocal, now: () => fetchedAt });
    expect(result).toMatchObject({ status: 200, body: documentBody, fetchedAt });
    expect(result.headers['content-type']).toBe('application/json');
    expect(result.headers['cache-control']).toBe('max-age=60');
    expect(lastRequestHeaders.accept).toBe('application/json');
    expect(lastRequestHeaders['user-agent']).toMatch(/course-school/);
  });

  it('accepts a +json media type (RFC 6839 3.1)', async () => {
    await expect(fetchClientMetadataDocument(local('/vendor-json'), allowLocal)).resolves.toMatchObject({
      status: 200,
    });
  });

  it('refuses loopback 127.0.0.1 unless special-use addresses are allowed', async () => {
    const error = await failure(fetchClientMetadataDocument(local('/good'), { allowSpecialUseAddresses: false }));
    expect(error.reason).toBe('address_not_allowed');
    expect(hits.get('/good')).toBeUndefined();
  });

  it.each([
    ['127.0.0.1'],
    ['10.0.0.1'],
    ['::ffff:127.0.0.1'],
    ['169.254.169.254'],
    ['fe80::1'],
    ['8.8.8.8', '127.0.0.1'],
  ])('refuses a public-looking name that resolves to %s (DNS rebinding)', async (...addresses) => {
    const lookup = stubLookup(addresses);
    const url = new URL(`http://client.example:${port}/rebind`);
    const error = await failure(fetchClientMetadataDocument(url, { allowSpecialUseAddresses: false, lookup }));
    expect(error.reason).toBe('address_not_allowed');
    expect(hits.get('/rebind')).toBeUndefined();
  });

  it('connects to exactly the address it validated, resolving only once', async () => {
    // client.example does not exist in real DNS: reaching the server proves the pinned lookup.
    const lookup = stubLookup(['127.0.0.1']);
    const url = new URL(`http://client.example:${port}/good`);
    await expect(fetchClientMetadataDocument(url, { ...allowLocal, lookup })).resolves.toMatchObject({ status: 200 });
    expect(lookup.calls).toBe(1);
    expect(lastRequestHeaders.host).toBe(`client.example:${port}`);
  });

  it.each(['/big', '/big-chunked'])('stops reading a body over 5 KB (%s)', async (path) => {
    const error = await failure(fetchClientMetadataDocument(local(path), allowLocal));
    expect(error.reason).toBe('too_large');
  });

  it('gives up on a body trickled one byte per 200 ms when the deadline passes', async () => {
    const started = Date.now();
    const error = await failure(fetchClientMetadataDocument(local('/trickle'), { ...allowLocal, timeoutMs: 1000 }));
    expect(error.reason).toBe('timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeLessThan(1600);
  });

  it('gives up on a server that never answers', async () => {
    const error = await failure(fetchClientMetadataDocument(local('/silent'), { ...allowLocal, timeoutMs: 300 }));
    expect(error.reason).toBe('timeout');
  });

  it('counts DNS resolution against the same deadline', async () => {
    const hanging: LookupFunction = () => {};
    const url = new URL('http://client.example/slow-dns');
    const error = await failure(fetchClientMetadataDocument(url, { ...allowLocal, lookup: hanging, timeoutMs: 300 }));
    expect(error.reason).toBe('timeout');
  });

  it('does not follow a redirect, and never contacts its target', async () => {
    const error = await failure(fetchClientMetadataDocument(local('/redirect'), allowLocal));
    expect(error.reason).toBe('redirect');
    expect(hits.get('/redirect')).toBe(1);
    expect(targetHits).toBe(0);
  });

  it('refuses a status other than 200', async () => {
    const error = await failure(fetchClientMetadataDocument(local('/missing'), allowLocal));
    expect(error.reason).toBe('bad_status');
  });

  it('refuses a response that is not JSON', async () => {
    const error = await failure(fetchClientMetadataDocument(local('/html'), allowLocal));
    expect(error.reason).toBe('not_json');
  });

  it('refuses a compressed response it did not ask for', async () => {
    const error = await failure(fetchClientMetadataDocument(local('/gzip'), allowLocal));
    expect(error.reason).toBe('not_json');
  });

  it('refuses a scheme other than http and https', async () => {
    const error = await failure(fetchClientMetadataDocument(new URL('ftp://127.0.0.1/x'), allowLocal));
    expect(error.reason).toBe('network');
  });

  it('reports a refused connection as a network error', async () => {
    const closed = http.createServer();
    const closedPort = await listen(closed);
    await close(closed);
    const error = await failure(fetchClientMetadataDocument(new URL(`http://127.0.0.1:${closedPort}/x`), allowLocal));
    expect(error.reason).toBe('network');
  });

  it('reports a name that does not resolve as a network error', async () => {
    const failing: LookupFunction = (_h, _o, callback) =>
      callback(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }), '');
    const error = await failure(
      fetchClientMetadataDocument(new URL('http://nowhere.example/x'), { ...allowLocal, lookup: failing }),
    );
    expect(error.reason).toBe('network');
  });

  it('fails a name under .invalid at once, without asking the resolver (RFC 6761 6.4)', async () => {
    let asked = 0;
    const counting: LookupFunction = (_h, _o, callback) => {
      asked++;
      callback(null, [{ address: '203.0.113.7', family: 4 }]);
    };
    for (const host of ['no-such-host.invalid', 'a.b.INVALID']) {
      const error = await failure(
        fetchClientMetadataDocument(new URL(`http://${host}/x`), { ...allowLocal, lookup: counting }),
      );
      expect(error.reason).toBe('network');
      expect(error.message).toContain('ENOTFOUND');
    }
    expect(asked).toBe(0);
  });
});
