// /webhooks.md "Limits": bounded fan-out. A school has at most WEBHOOK_ENDPOINTS_PER_SCHOOL
// endpoints (409 `limit-reached` past it, however many creations race), and redelivery, test
// events, secret rotation and recovery are each rate limited per endpoint (429 with Retry-After and the
// RateLimit fields, /auth.md "Rate limits"), on an instance whose limits are small enough to reach.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sdk from '../../generated/openapi/client/sdk.gen.ts';
import type { Instance } from '../reliability/instance.ts';
import { ownInstanceUnavailable } from '../service/own-instance.ts';
import type { adminClient } from '../support/admin-client.ts';
import { answered } from '../support/answered.ts';
import type { Receiver } from './receiver.ts';
import { startWebhookInstance } from './webhook-instance.ts';

const CAP = 3;
const PER_ENDPOINT = 2;
const WINDOW_SECONDS = 600;
const POLICIES = [
  'webhookRedeliveriesPerEndpoint',
  'webhookTestEventsPerEndpoint',
  'webhookSecretRotationsPerEndpoint',
  'webhookRecoveriesPerEndpoint',
];

type Client = ReturnType<typeof adminClient>;
type Answer = { response: Response; error?: unknown };

describe.skipIf(ownInstanceUnavailable)('bounded webhook fan-out (/webhooks.md "Limits")', () => {
  let instance: Instance;
  let receiver: Receiver;
  let client: Client;
  let stop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ instance, receiver, client, stop } = await startWebhookInstance(
      {
        WEBHOOK_ENDPOINTS_PER_SCHOOL: String(CAP),
        RATE_LIMIT_OVERRIDES: POLICIES.flatMap((p) => [`${p}=${PER_ENDPOINT}`, `${p}Window=${WINDOW_SECONDS}`]).join(
          ',',
        ),
      },
      'webhooks:read webhooks:write courses:read',
    ));
  }, 120_000);
  afterAll(() => stop?.());

  const create = () =>
    sdk.createWebhookEndpoint({ client, body: { url: receiver.url('/ok'), event_types: ['course.published'] } });
  const removeAll = async () => {
    for (const endpoint of (await answered(sdk.listWebhookEndpoints({ client, query: { limit: 100 } }))).data)
      await answered(sdk.deleteWebhookEndpoint({ client, path: { webhook_id: endpoint.id } }));
  };

  /** Each action once on an endpoint; its setup (a delivery to redeliver) is made beforehand. */
  const actions: Array<[string, (id: string) => Promise<() => Promise<Answer>>]> = [
    [
      'redeliverWebhookDelivery',
      async (id) => {
        const delivery = await answered(sdk.sendWebhookTestEvent({ client, path: { webhook_id: id } }));
        return () => sdk.redeliverWebhookDelivery({ client, path: { webhook_id: id, delivery_id: delivery.id } });
      },
    ],
    ['sendWebhookTestEvent', async (id) => () => sdk.sendWebhookTestEvent({ client, path: { webhook_id: id } })],
    ['rotateWebhookSecret', async (id) => () => sdk.rotateWebhookSecret({ client, path: { webhook_id: id } })],
    [
      'recoverWebhookEndpoint',
      async (id) => () =>
        sdk.recoverWebhookEndpoint({
          client,
          path: { webhook_id: id },
          body: { since: new Date(Date.now() - 60_000).toISOString() },
        }),
    ],
  ];

  it.each(actions)(
    '%s is limited per endpoint: past the limit 429 with Retry-After and the RateLimit fields, another endpoint unaffected (RFC 6585 4)',
    async (_name, prepare) => {
      await removeAll();
      const limited = await answered(create());
      const act = await prepare(limited.id);
      for (let i = 0; i < PER_ENDPOINT; i++) expect((await act()).response.status).toBeLessThan(300);

      const refused = await act();
      expect(refused.response.status).toBe(429);
      expect(refused.error).toMatchObject({ status: 429, title: 'Too Many Requests' });
      const retryAfter = Number(refused.response.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
      expect(refused.response.headers.get('ratelimit')).toMatch(
        new RegExp(`^limit=${PER_ENDPOINT}, remaining=0, reset=\\d+$`),
      );
      expect(refused.response.headers.get('ratelimit-policy')).toBe(`${PER_ENDPOINT};w=${WINDOW_SECONDS}`);

      const other = await answered(create());
      expect((await (await prepare(other.id))()).response.status).toBeLessThan(300);
    },
    30_000,
  );

  it(`a school has at most ${CAP} endpoints: one more is 409 limit-reached, also when creations race`, async () => {
    await removeAll();
    const raced = await Promise.all(Array.from({ length: CAP * 2 }, () => create()));
    const statuses = raced.map((answer) => answer.response.status).sort();
    expect(statuses).toEqual([...Array<number>(CAP).fill(201), ...Array<number>(CAP).fill(409)]);
    for (const answer of raced.filter((a) => a.response.status === 409))
      expect(answer.error).toMatchObject({ type: `${instance.origin}/problems/limit-reached`, status: 409 });
    expect((await answered(sdk.listWebhookEndpoints({ client }))).data).toHaveLength(CAP);

    // Room again once one is deleted.
    const [first] = (await answered(sdk.listWebhookEndpoints({ client }))).data;
    await answered(sdk.deleteWebhookEndpoint({ client, path: { webhook_id: first!.id } }));
    expect((await create()).response.status).toBe(201);
    expect((await create()).response.status).toBe(409);
  }, 30_000);
});
