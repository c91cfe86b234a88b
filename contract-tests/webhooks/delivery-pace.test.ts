// /webhooks.md "History" and "Pace", through the admin API and a real receiver on
// 127.0.0.1: every attempt is listed with its status, duration, error class and the first 4 KB
// of the answer; a 429 or 503 with Retry-After postpones the next attempt (clamped to the retry
// schedule's bounds) and is no failure up to MAX_POSTPONEMENTS times; an endpoint's
// max_deliveries_per_second holds. The retry schedule's unit is a tenth of a millisecond here, so
// its longest wait (4,320 units) is 432 ms: a Retry-After of a second is clamped to that.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sdk from '../../generated/openapi/client/sdk.gen.ts';
import { IN_FLIGHT_PER_ENDPOINT } from '../../src/services/webhooks/delivery-worker.ts';
import { RESPONSE_BODY_BYTES } from '../../src/services/webhooks/webhook-post.ts';
import { clampRetryAfterMs, MAX_ATTEMPTS, MAX_POSTPONEMENTS } from '../../src/services/webhooks/retry-schedule.ts';
import type { Instance } from '../reliability/instance.ts';
import { ownInstanceUnavailable } from '../service/own-instance.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import type { adminClient } from '../support/admin-client.ts';
import { answered } from '../support/answered.ts';
import { decodeEntities } from '../support/cookie-jar.ts';
import { pageHtml, signedIn } from '../web/area-http.ts';
import { NUL_ANSWER, type Receiver } from './receiver.ts';
import { startWebhookInstance } from './webhook-instance.ts';

const RETRY_BASE_MS = 0.1;

type Client = ReturnType<typeof adminClient>;

describe.skipIf(ownInstanceUnavailable)('webhook attempts and pace (/webhooks.md "History", "Pace")', () => {
  let instance: Instance;
  let receiver: Receiver;
  let client: Client;
  let stop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ instance, receiver, client, stop } = await startWebhookInstance(
      {
        WEBHOOK_RETRY_BASE_MS: String(RETRY_BASE_MS),
        WEBHOOK_POLL_MS: '20',
        RATE_LIMIT_OVERRIDES: 'webhookTestEventsPerEndpoint=1000',
      },
      'webhooks:read webhooks:write orders:read courses:read courses:write',
    ));
  }, 120_000);
  afterAll(async () => {
    await stop?.();
  });

  async function endpointAt(path: Parameters<Receiver['url']>[0], max?: number) {
    return answered(
      sdk.createWebhookEndpoint({
        client,
        body: {
          url: receiver.url(path),
          event_types: ['order.paid'],
          ...(max === undefined ? {} : { max_deliveries_per_second: max }),
        },
      }),
    );
  }

  /** The delivery with its attempts once `done` holds of it. */
  async function settled(endpointId: string, deliveryId: string, done: (status: string) => boolean) {
    const read = () =>
      answered(sdk.getWebhookDelivery({ client, path: { webhook_id: endpointId, delivery_id: deliveryId } }));
    await expect.poll(async () => done((await read()).status), { timeout: 20_000, interval: 100 }).toBe(true);
    return read();
  }

  it('lists every attempt of a delivery with its status, duration, error class and answer body', async () => {
    const endpoint = await endpointAt('/flaky');
    const delivery = await answered(sdk.sendWebhookTestEvent({ client, path: { webhook_id: endpoint.id } }));
    const detail = await settled(endpoint.id, delivery.id, (status) => status === 'succeeded');
    expect(detail.attempts).toBe(2);
    expect(detail.attempt_history).toHaveLength(2);
    const [failed, succeeded] = detail.attempt_history;
    expect(failed).toMatchObject({ response_code: 500, error_class: 'http_status', response_body: 'try again' });
    expect(succeeded).toMatchObject({ response_code: 200, error_class: null, response_body: 'ok' });
    for (const attempt of detail.attempt_history) {
      expect(attempt.duration_ms).toBeGreaterThanOrEqual(0);
      expect(attempt.duration_ms).toBeLessThan(10_000);
    }
    expect(Date.parse(failed!.attempted_at)).toBeLessThanOrEqual(Date.parse(succeeded!.attempted_at));
    // The receiver's headers are never kept: an attempt has no field for them.
    expect(Object.keys(failed!).sort()).toEqual([
      'attempted_at',
      'duration_ms',
      'error_class',
      'response_body',
      'response_code',
    ]);

    // The admin area's delivery page lists the same attempts, linked from the endpoint's page.
    const jar = await signedIn(instance.origin, ACCOUNTS.owner);
    const endpointPage = await pageHtml(jar, `${instance.origin}/admin/webhooks/${endpoint.id}`);
    expect(endpointPage).toContain(`/admin/webhooks/${endpoint.id}/deliveries/${delivery.id}`);
    const page = decodeEntities(
      await pageHtml(jar, `${instance.origin}/admin/webhooks/${endpoint.id}/deliveries/${delivery.id}`),
    );
    const rows = page.split('<tbody>')[1]!.split('<tr>').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('500');
    expect(rows[0]).toContain('http_status');
    expect(rows[0]).toContain('<pre class="small">try again</pre>');
    expect(rows[1]).toContain('<pre class="small">ok</pre>');
  }, 30_000);

  it('keeps an answer holding U+0000 with the character replaced by U+FFFD, and the delivery\'s outcome is recorded (/webhooks.md "History")', async () => {
    const endpoint = await endpointAt('/nul');
    const delivery = await answered(sdk.sendWebhookTestEvent({ client, path: { webhook_id: endpoint.id } }));
    const detail = await settled(endpoint.id, delivery.id, (status) => status === 'succeeded');
    expect(detail.attempts).toBe(1);
    expect(detail.attempt_history).toEqual([
      expect.objectContaining({
        response_code: 200,
        error_class: null,
        response_body: NUL_ANSWER.replace('\u0000', '\ufffd'),
      }),
    ]);
  }, 30_000);

  it('a 429 with Retry-After postpones the next attempt to then, clamped to the longest wait of the schedule, and keeps only 4 KB of its body', async () => {
    const endpoint = await endpointAt('/paced/429/1/1');
    const delivery = await answered(sdk.sendWebhookTestEvent({ client, path: { webhook_id: endpoint.id } }));
    const detail = await settled(endpoint.id, delivery.id, (status) => status === 'succeeded');
    expect(detail).toMatchObject({ attempts: 2, postponements: 1, last_response_code: 204 });
    const [asked, answeredAttempt] = detail.attempt_history;
    expect(asked).toMatchObject({ response_code: 429, error_class: 'http_status' });
    expect(asked!.response_body).toHaveLength(RESPONSE_BODY_BYTES);
    expect(asked!.response_body!.startsWith('slow down ')).toBe(true);
    expect(answeredAttempt!.response_code).toBe(204);

    // Retry-After: 1 is a second; the schedule's longest wait here is 432 ms, and its first wait a
    // tenth of a millisecond: the second request came after the clamped wait, not the schedule's.
    const requests = receiver.received.filter((r) => r.headers['webhook-id'] === delivery.event_id);
    expect(requests).toHaveLength(2);
    const clamped = clampRetryAfterMs(1_000, RETRY_BASE_MS);
    expect(clamped).toBeLessThan(1_000);
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(clamped - 20);
  }, 30_000);

  it('503s with Retry-After are not failures up to the allowed postponements: a delivery refused more often than the schedule has attempts still succeeds, and the endpoint stays enabled', async () => {
    // MAX_ATTEMPTS refusals would end the schedule and, this long failing, disable the endpoint
    // (delivery-limits.test.ts) if each counted; MAX_POSTPONEMENTS of them do not.
    const endpoint = await endpointAt(`/paced/503/${MAX_ATTEMPTS}/0`);
    const delivery = await answered(sdk.sendWebhookTestEvent({ client, path: { webhook_id: endpoint.id } }));
    const detail = await settled(endpoint.id, delivery.id, (status) => status !== 'pending');
    expect(detail).toMatchObject({
      status: 'succeeded',
      attempts: MAX_ATTEMPTS + 1,
      postponements: MAX_POSTPONEMENTS,
      last_response_code: 204,
    });
    expect(detail.attempt_history.filter((a) => a.response_code === 503)).toHaveLength(MAX_ATTEMPTS);
    expect(await answered(sdk.getWebhookEndpoint({ client, path: { webhook_id: endpoint.id } }))).toMatchObject({
      status: 'enabled',
      disabled_reason: null,
    });
  }, 30_000);

  it('a Retry-After holds back what this instance already holds for the endpoint: no request until then but those under way', async () => {
    // Events the endpoint recovers all at once (/webhooks.md "Events and recovery"), so the worker
    // claims more of them than the endpoint has slots.
    const since = new Date().toISOString();
    for (let i = 0; i < 12; i++) {
      const course = await answered(sdk.createCourse({ client, body: { title: `Paced ${i}` } }));
      await answered(sdk.publishCourse({ client, path: { course_id: course.id } }));
    }
    const path = '/paced/429/1/1' as const;
    const endpoint = await answered(
      sdk.createWebhookEndpoint({ client, body: { url: receiver.url(path), event_types: ['course.published'] } }),
    );
    // A test event first, answered 204 at its second attempt: the receiver is known to keep up, so
    // the worker holds several deliveries on each of its slots.
    const warm = await answered(sdk.sendWebhookTestEvent({ client, path: { webhook_id: endpoint.id } }));
    await settled(endpoint.id, warm.id, (status) => status === 'succeeded');
    const before = receiver.received.length;
    expect(
      await answered(sdk.recoverWebhookEndpoint({ client, path: { webhook_id: endpoint.id }, body: { since } })),
    ).toMatchObject({ queued: 12 });
    await receiver.until((all) => all.slice(before).filter((r) => r.path === path).length >= 24, 30_000);
    const requests = receiver.received.slice(before).filter((r) => r.path === path);
    // Every first attempt is answered 429 at once: from the first, until its pause ends, only the
    // requests already under way on the endpoint's other slots may arrive.
    const pause = clampRetryAfterMs(1_000, RETRY_BASE_MS);
    const duringPause = requests.filter((r) => r.at < requests[0]!.at + pause - 50);
    expect(duringPause.length).toBeLessThanOrEqual(IN_FLIGHT_PER_ENDPOINT);
    expect(new Set(requests.map((r) => r.headers['webhook-id'])).size).toBe(12);
    await answered(sdk.deleteWebhookEndpoint({ client, path: { webhook_id: endpoint.id } }));
  }, 60_000);

  it('an endpoint with max_deliveries_per_second is sent no more than that in any second', async () => {
    const max = 5;
    const count = 20;
    const endpoint = await endpointAt('/ok', max);
    expect(endpoint.max_deliveries_per_second).toBe(max);
    const deliveries = await Promise.all(
      Array.from({ length: count }, () =>
        answered(sdk.sendWebhookTestEvent({ client, path: { webhook_id: endpoint.id } })),
      ),
    );
    const ids = new Set(deliveries.map((d) => d.event_id));
    await receiver.until((all) => all.filter((r) => ids.has(r.headers['webhook-id'] ?? '')).length >= count, 20_000);
    // When each attempt started, on the database's clock that the claim counts by: arrivals at
    // the receiver bunch up and spread out with the machine's load, the starts do not. An attempt is
    // recorded once its answer is back (/webhooks.md "History"), which may be a moment after the
    // receiver has the body: read until every delivery's outcome is written.
    const readAll = () =>
      Promise.all(
        deliveries.map((d) =>
          answered(sdk.getWebhookDelivery({ client, path: { webhook_id: endpoint.id, delivery_id: d.id } })),
        ),
      );
    await expect
      .poll(async () => (await readAll()).every((d) => d.status === 'succeeded'), { timeout: 10_000, interval: 100 })
      .toBe(true);
    const starts = (await readAll())
      .flatMap((d) => d.attempt_history.map((a) => Date.parse(a.attempted_at)))
      .sort((x, y) => x - y);
    expect(starts).toHaveLength(count);
    // Twenty at five a second take about four seconds, not the moment a burst takes.
    expect(starts.at(-1)! - starts[0]!).toBeGreaterThanOrEqual(2_500);
    // No second holds more than five starts (one more allowed: a claim's clock is its transaction's start).
    for (const start of starts)
      expect(starts.filter((t) => t >= start && t < start + 1_000).length).toBeLessThanOrEqual(max + 1);

    // Lifting the cap: null on update.
    const lifted = await answered(
      sdk.updateWebhookEndpoint({
        client,
        path: { webhook_id: endpoint.id },
        body: { max_deliveries_per_second: null },
      }),
    );
    expect(lifted.max_deliveries_per_second).toBeNull();
  }, 40_000);
});
