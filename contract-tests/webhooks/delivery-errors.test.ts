// /webhooks.md "Delivery errors": a failed attempt's `last_error`, as the admin API answers it,
// says a class in words and never an address, a port or a socket message (no DNS or port oracle),
// for every failure this instance can provoke from 127.0.0.1. (`refused_address` needs the SSRF
// guard on, which refuses these very receivers: webhook-post.test.ts covers it.)
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sdk from '../../generated/openapi/client/sdk.gen.ts';
import { ownInstanceUnavailable } from '../service/own-instance.ts';
import { answered } from '../support/answered.ts';
import type { Receiver } from './receiver.ts';
import { startWebhookInstance, type WebhookInstance } from './webhook-instance.ts';

const TIMEOUT_MS = 1_500;

async function closedPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.skipIf(ownInstanceUnavailable)('delivery errors without an oracle (/webhooks.md "Delivery errors")', () => {
  let receiver: Receiver;
  let client: WebhookInstance['client'];
  let stop: (() => Promise<void>) | undefined;
  let closed: number;

  beforeAll(async () => {
    closed = await closedPort();
    ({ receiver, client, stop } = await startWebhookInstance(
      {
        // One attempt is all a case needs: the first retry waits a minute.
        WEBHOOK_RETRY_BASE_MS: '60000',
        WEBHOOK_POLL_MS: '20',
        WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
      },
      'webhooks:read webhooks:write courses:read',
    ));
  }, 120_000);
  afterAll(() => stop?.());

  const port = () => new URL(receiver.url('/ok')).port;
  const cases: Array<[string, () => string]> = [
    ['dns', () => 'http://no-such-host.invalid/hook'],
    ['connect', () => `http://127.0.0.1:${closed}/hook`],
    ['tls', () => receiver.url('/ok').replace('http:', 'https:')],
    ['timeout', () => receiver.url('/slow')],
    ['http_status', () => receiver.url('/fail')],
  ];

  it.each(cases)(
    'a %s failure reads as its class in every answer, with no address, port or socket message',
    async (expected, url) => {
      const endpoint = await answered(
        sdk.createWebhookEndpoint({ client, body: { url: url(), event_types: ['course.published'] } }),
      );
      const path = { webhook_id: endpoint.id };
      const sent = await answered(sdk.sendWebhookTestEvent({ client, path }));
      await expect
        .poll(async () => answered(sdk.getWebhookDelivery({ client, path: { ...path, delivery_id: sent.id } })), {
          timeout: 15_000,
          interval: 100,
        })
        .toMatchObject({ attempts: 1, last_error: expect.stringMatching(new RegExp(`^${expected}: `)) as string });
      const single = await answered(sdk.getWebhookDelivery({ client, path: { ...path, delivery_id: sent.id } }));
      const list = await answered(sdk.listWebhookDeliveries({ client, path }));
      for (const answer of [JSON.stringify(single.last_error), JSON.stringify(list.data.map((d) => d.last_error))])
        for (const leak of [
          '127.0.0.1',
          `:${closed}`,
          `:${port()}`,
          'no-such-host',
          'ECONN',
          'ENOTFOUND',
          'EAI_',
          'EPROTO',
          'ssl',
          'socket',
        ])
          expect(answer).not.toContain(leak);
    },
    30_000,
  );
});
