import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { noteRequest } from './request-facts.ts';
import { createGrantUseRecorder } from '../services/auth/grant-use.ts';
import { createMetrics } from '../metrics/metrics.ts';
import { observeRequests } from './request-observer.ts';

describe('request metrics (docs/operations.md "Metrics")', () => {
  it('labels a request by its operation, a page by its route pattern (never the raw path), and counts a 429 as a refusal', async () => {
    const metrics = createMetrics();
    const noted: string[] = [];
    const grantUses = createGrantUseRecorder({} as Db, {
      flushIntervalMs: 3_600_000,
      write: async (uses) => (noted.push(...uses.map((u) => u.grantId)), uses.length),
    });
    const app = express();
    app.use(observeRequests(metrics, grantUses));
    const admin = express.Router();
    admin.get('/applications/:id', (_req, res) => void res.send('page'));
    app.use('/admin', admin);
    app.post('/api/oauth/token', (req, res) => {
      noteRequest(req, { operation: 'token', grantId: 'grant-1' });
      res.status(429).end();
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const id of ['a1', 'b2', 'c3']) expect((await fetch(`${base}/admin/applications/${id}`)).status).toBe(200);
      expect((await fetch(`${base}/api/oauth/token`, { method: 'POST' })).status).toBe(429);
      expect((await fetch(`${base}/nowhere/${Date.now()}`)).status).toBe(404);
      const text = await metrics.registry.metrics();
      expect(text).toContain(
        'http_requests_total{operation="page GET /admin/applications/:id",method="GET",status="200"} 3',
      );
      expect(text).toContain('http_requests_total{operation="token",method="POST",status="429"} 1');
      expect(text).toContain('rate_limit_refusals_total{operation="token"} 1');
      expect(text).toContain('http_requests_total{operation="unmatched",method="GET",status="404"} 1');
      expect(text).not.toMatch(/a1|b2|c3|nowhere/);
      expect(text).toContain('nodejs_eventloop_lag_seconds');
      await grantUses.flush();
      expect(noted).toEqual(['grant-1']);
    } finally {
      server.close();
      await grantUses.stop();
    }
  });
});
