// The long paths of webhook delivery, through the admin API and a real receiver on 127.0.0.1, on
// an instance of this file's own (PGlite in memory, or a scratch PostgreSQL database with
// DATABASE_URL). The retry schedule's unit is a tenth of a millisecond here: every wait and the
// disable threshold are multiples of it (services/webhooks/retry-schedule.ts), so the whole
// schedule, about 2.6 days at the default unit, runs in about two seconds.
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sdk from '../../generated/openapi/client/sdk.gen.ts';
import { IN_FLIGHT_PER_ENDPOINT } from '../../src/services/webhooks/delivery-worker.ts';
import { MAX_ATTEMPTS, retryWindowMs } from '../../src/services/webhooks/retry-schedule.ts';
import type { Instance } from '../reliability/instance.ts';
import { ownInstanceUnavailable, startOwnInstance } from '../service/own-instance.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { adminClient } from '../support/admin-client.ts';
import { decodeEntities } from '../support/cookie-jar.ts';
import { operatorToken } from '../support/tokens.ts';
import { pageHtml, signedIn } from '../web/area-http.ts';
import { startReceiver, type Receiver } from './receiver.ts';
import { answered } from '../support/answered.ts';

const RETRY_BASE_MS = 0.1;
// Long enough that the backlog below is made while the slow receiver's first attempts still hang
// (the other endpoint's delivery must arrive within their deadline), even on a 2-core machine at a
// load of 10, where 8 s was not.
const TIMEOUT_MS = 15_000;

describe.skipIf(ownInstanceUnavailable)('webhook delivery limits (Standard Webhooks "Retry schedule")', () => {
  let instance: Instance;
  let receiver: Receiver;
  let client: ReturnType<typeof adminClient>;
  let origin: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    instance = await startOwnInstance({
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
      WEBHOOK_RETRY_BASE_MS: String(RETRY_BASE_MS),
      WEBHOOK_POLL_MS: '20',
      WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
      // The backlog below is 100 test events to one endpoint, past its rate limit (/webhooks.md
      // "Limits"), which endpoint-limits.test.ts proves: raised here, where the worker is the subject.
      RATE_LIMIT_OVERRIDES: 'webhookTestEventsPerEndpoint=1000',
    });
    origin = instance.origin;
    client = adminClient(origin, await operatorToken(origin, 'webhooks:read webhooks:write orders:read'));
  }, 120_000);
  afterAll(async () => {
    await receiver?.close();
    await instance?.stop();
  });

  it('a receiver that always fails gets every attempt of the schedule, then the delivery is failed and the endpoint disabled with an audit entry', async () => {
    const endpoint = await answered(
      sdk.createWebhookEndpoint({ client, body: { url: receiver.url('/fail'), event_types: ['order.refunded'] } }),
    );
    const delivery = await answered(sdk.sendWebhookTestEvent({ client, path: { webhook_id: endpoint.id } }));
    await expect
      .poll(
        async () =>
          answered(sdk.getWebhookDelivery({ client, path: { webhook_id: endpoint.id, delivery_id: delivery.id } })),
        {
          timeout: 20_000,
          interval: 100,
        },
      )
      .toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, last_response_code: 500, next_attempt_at: null });

    // Every attempt is the same signed event, and the last came no sooner than the whole window
    // after the first (each wait at least its lowest jitter).
    const attempts = receiver.received.filter((r) => r.path === '/fail');
    expect(attempts).toHaveLength(MAX_ATTEMPTS);
    for (const request of attempts) {
      expect(request.headers['webhook-id']).toBe(delivery.event_id);
      new Webhook(endpoint.secret).verify(request.body, request.headers);
    }
    expect(attempts.at(-1)!.at - attempts[0]!.at).toBeGreaterThanOrEqual(retryWindowMs(RETRY_BASE_MS) - 2);

    // The last failure ended a whole window of failing: the endpoint is disabled, not before (a
    // disabled endpoint's waiting delivery would have been abandoned, not tried twelve times).
    expect(await answered(sdk.getWebhookEndpoint({ client, path: { webhook_id: endpoint.id } }))).toMatchObject({
      status: 'disabled',
      disabled_reason: 'failing',
    });
    const jar = await signedIn(origin, ACCOUNTS.owner);
    const rows = decodeEntities(await pageHtml(jar, `${origin}/admin/audit-log`)).split('<tr>');
    const entry = rows.find((row) => row.includes('webhook_endpoint.disabled') && row.includes(endpoint.url));
    expect(entry, 'an audit entry for the disabled endpoint').toBeDefined();
    expect(entry).toContain('reason: failing');
  }, 30_000);

  it('a receiver that keeps up gets a backlog with no more requests at once than the in-flight bound, every event once', async () => {
    const steady = await answered(
      sdk.createWebhookEndpoint({ client, body: { url: receiver.url('/steady'), event_types: ['order.paid'] } }),
    );
    const sent: string[] = [];
    for (let batch = 0; batch < 4; batch++)
      sent.push(
        ...(
          await Promise.all(
            Array.from({ length: 20 }, () =>
              answered(sdk.sendWebhookTestEvent({ client, path: { webhook_id: steady.id } })),
            ),
          )
        ).map((d) => d.event_id),
      );
    const arrivedIds = () =>
      new Set(receiver.received.filter((r) => r.path === '/steady').map((r) => r.headers['webhook-id']));
    await receiver.until(() => sent.every((id) => arrivedIds().has(id)), 30_000);
    // Held slots go one request after another: never more at once than the bound, though the
    // worker holds more deliveries of a receiver that keeps up (/webhooks.md "Pace").
    expect(receiver.mostAtOnce('/steady')).toBeGreaterThan(0);
    expect(receiver.mostAtOnce('/steady')).toBeLessThanOrEqual(IN_FLIGHT_PER_ENDPOINT);
    await answered(sdk.deleteWebhookEndpoint({ client, path: { webhook_id: steady.id } }));
  }, 60_000);

  it('a receiver that never answers holds at most its own slots: another endpoint is delivered to at once, and the slow attempts end at the deadline', async () => {
    const slow = await answered(
      sdk.createWebhookEndpoint({ client, body: { url: receiver.url('/slow'), event_types: ['order.paid'] } }),
    );
    const fast = await answered(
      sdk.createWebhookEndpoint({ client, body: { url: receiver.url('/ok'), event_types: ['order.paid'] } }),
    );
    // A backlog longer than a poll's candidates (four times its claim of 20): the slow endpoint's
    // due deliveries must not crowd out the other endpoint's.
    for (let batch = 0; batch < 5; batch++)
      await Promise.all(
        Array.from({ length: 20 }, () => answered(sdk.sendWebhookTestEvent({ client, path: { webhook_id: slow.id } }))),
      );
    await receiver.until((all) => all.filter((r) => r.path === '/slow').length >= IN_FLIGHT_PER_ENDPOINT, 5_000);
    const hanging = receiver.received.filter((r) => r.path === '/slow');
    const deadline = hanging[0]!.at + TIMEOUT_MS;

    const other = await answered(sdk.sendWebhookTestEvent({ client, path: { webhook_id: fast.id } }));
    await receiver.until((all) => all.some((r) => r.headers['webhook-id'] === other.event_id), TIMEOUT_MS);
    const arrived = receiver.received.find((r) => r.headers['webhook-id'] === other.event_id)!.at;
    // Delivered while the slow receiver's first attempts still hung: nothing waited for them ...
    expect(arrived).toBeLessThan(deadline);
    // ... and those were all it had: the per-endpoint limit, not one request per due delivery (a
    // margin before the deadline, after which a timed-out attempt's retry may arrive).
    expect(receiver.received.filter((r) => r.path === '/slow' && r.at < deadline - 250)).toHaveLength(
      IN_FLIGHT_PER_ENDPOINT,
    );

    // Each slow attempt ends at the deadline as a failure to retry, not as a hung claim.
    await expect
      .poll(
        async () =>
          (
            await answered(sdk.listWebhookDeliveries({ client, path: { webhook_id: slow.id }, query: { limit: 100 } }))
          ).data
            .map((d) => d.last_error)
            .filter((error) => error !== null),
        { timeout: TIMEOUT_MS * 3, interval: 100 },
      )
      .toContain('timeout: no complete response within the deadline');
    await answered(sdk.deleteWebhookEndpoint({ client, path: { webhook_id: slow.id } }));
  }, 90_000);
});
