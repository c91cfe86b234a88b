// The foundation as its users see it over HTTP.
import { describe, expect, inject, it } from 'vitest';
import { rawRequest } from '../support/http.ts';

const primary = inject('primaryOrigin');

describe('service probes (docs/operations.md "Configuration", /healthz and /readyz)', () => {
  it('GET /healthz answers 200 {status: ok}', async () => {
    const response = await fetch(`${primary}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers 200 while the database is reachable', async () => {
    const response = await fetch(`${primary}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready', database: 'up' });
  });

  it('every response carries a request id (structured logs join on it)', async () => {
    const response = await fetch(`${primary}/healthz`, { headers: { 'X-Request-Id': 'trace-abc-12345' } });
    expect(response.headers.get('x-request-id')).toBe('trace-abc-12345');
  });
});

describe('routing and errors (DESIGN habit 1; one school per origin)', () => {
  it('an unknown host gets a JSON 404 (a school is found by its origin)', async () => {
    const url = new URL('/api/v1/catalog/courses', primary);
    const response = await rawRequest(url.toString(), { headers: { Host: `unknown-school.test:${url.port}` } });
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(response.body)).toMatchObject({ status: 404, title: 'Not Found' });
  });

  it('a malformed Host header is not an origin: 404, never a 500', async () => {
    const url = new URL('/api/v1/catalog/courses', primary);
    const response = await rawRequest(url.toString(), { headers: { Host: 'bad host/with path' } });
    expect([400, 404]).toContain(response.status);
  });

  it('an unknown path gets a JSON 404 in the problem shape', async () => {
    const response = await fetch(`${primary}/no/such/path`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await response.json()).toMatchObject({ type: 'about:blank', title: 'Not Found', status: 404 });
  });

  it('a request that breaks the spec gets a 400 naming the offending field', async () => {
    const response = await fetch(`${primary}/api/v1/catalog/courses?limit=1000`);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ status: 400, title: 'Invalid request' });
    expect(body.errors).toEqual([expect.objectContaining({ pointer: '/query/limit' })]);
  });

  it('a non-numeric limit is a 400 naming the field, not a 500', async () => {
    const response = await fetch(`${primary}/api/v1/catalog/courses?limit=abc`);
    expect(response.status).toBe(400);
    expect((await response.json()).errors[0].pointer).toBe('/query/limit');
  });

  it('a forged cursor is a 400 naming /query/cursor', async () => {
    const response = await fetch(`${primary}/api/v1/catalog/courses?cursor=forged`);
    expect(response.status).toBe(400);
    expect((await response.json()).errors[0].pointer).toBe('/query/cursor');
  });

  it('a wrong method on a known path is 405 with Allow', async () => {
    const response = await fetch(`${primary}/healthz`, { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toContain('GET');
  });

  it('a body that is not JSON is a 400 problem, never a 500', async () => {
    const response = await fetch(`${primary}/api/v1/catalog/courses`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{not json',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});

describe('static assets', () => {
  it('a missing asset is a 404 problem, never a 500', async () => {
    const response = await fetch(`${primary}/assets/no-such-file.css`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});
