import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Operation } from 'openapi-backend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResponseConformance } from './response-conformance.ts';

const problem = {
  'application/problem+json': {
    schema: { type: 'object', required: ['title', 'status'], properties: { status: { type: 'integer' } } },
  },
};
const operation = {
  operationId: 'getThing',
  path: '/things/{id}',
  method: 'get',
  responses: {
    '200': {
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['id'],
            properties: { id: { type: 'string', format: 'uuid' }, note: { type: 'string', nullable: true } },
          },
        },
      },
    },
    '204': {},
    '4XX': { content: problem },
  },
} as unknown as Operation;

const { breachOf, watch } = createResponseConformance();
const id = '0190b7a2-6c1e-7c3a-9f00-000000000001';

describe('response conformance (DESIGN habit 8: every answer is checked against the spec outside production)', () => {
  it('passes an answer that keeps the spec, with OAS nullable read as null allowed', () => {
    expect(breachOf(operation, 'GET', 200, 'application/json', JSON.stringify({ id, note: null }))).toBeUndefined();
    expect(breachOf(operation, 'GET', 204, undefined, undefined)).toBeUndefined();
    expect(breachOf(operation, 'GET', 404, 'application/problem+json', '{"title":"x","status":404}')).toBeUndefined();
  });

  it('names an undocumented status, a body where none is documented, and an undocumented media type', () => {
    expect(breachOf(operation, 'GET', 302, undefined, undefined)).toMatch(/getThing \(302\): status not documented/);
    expect(breachOf(operation, 'GET', 204, 'text/plain', 'x')).toMatch(/documents no body/);
    expect(breachOf(operation, 'GET', 404, 'application/json', '{}')).toMatch(/application\/json is not among/);
  });

  it('checks error bodies against their schema too (a problem, not only a success)', () => {
    expect(breachOf(operation, 'GET', 400, 'application/problem+json', '{"status":"400"}')).toMatch(
      /body breaks its schema/,
    );
    expect(breachOf(operation, 'GET', 200, 'application/json', JSON.stringify({ id: 'nope' }))).toMatch(
      /\/id must match format "uuid"/,
    );
    expect(breachOf(operation, 'GET', 200, 'application/json', '{')).toMatch(/does not parse/);
  });

  it('leaves server errors to their own renderers: a 5xx is not checked', () => {
    expect(breachOf(operation, 'GET', 503, 'text/html', '<p>down</p>')).toBeUndefined();
  });

  describe('on the wire', () => {
    const breaches: string[] = [];
    let server: http.Server;
    let base = '';
    beforeAll(async () => {
      server = http.createServer((req, res) => {
        watch(res, req.method ?? 'GET', operation, (breach) => breaches.push(breach));
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('X-Kept', 'no');
        res.end(JSON.stringify(req.url === '/good' ? { id } : { id: 7 }));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('sends a conforming answer unchanged', async () => {
      const response = await fetch(`${base}/good`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ id });
    });

    it('replaces a breaching answer with a 500 problem naming the breach, its headers dropped', async () => {
      const response = await fetch(`${base}/bad`);
      expect(response.status).toBe(500);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(response.headers.get('x-kept')).toBeNull();
      const body = (await response.json()) as { detail: string };
      expect(body.detail).toMatch(/^The response breaks the spec: getThing \(200\): body breaks its schema: \/id/);
      expect(breaches.at(-1)).toMatch(/getThing \(200\)/);
    });
  });
});
