// /webhooks.md "Wildcards": `*` and `<resource>.*` in an endpoint's event_types are resolved when
// each event is written (and when an endpoint recovers), against the catalogue, so the endpoint
// receives every type they cover without naming it; still gated by scope: a wildcard needs the
// read scope of every type it covers (403 insufficient-scope otherwise, RFC 6750 3.1).
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sdk from '../../generated/openapi/client/sdk.gen.ts';
import { READ_SCOPES_OF_EVENTS } from '../../src/services/webhooks/catalogue.ts';
import { ownInstanceUnavailable } from '../service/own-instance.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { adminClient } from '../support/admin-client.ts';
import { answered } from '../support/answered.ts';
import { operatorToken } from '../support/tokens.ts';
import type { Receiver } from './receiver.ts';
import { startWebhookInstance, type WebhookInstance } from './webhook-instance.ts';

type Envelope = { id: string; type: string; data: { id?: string; course_id?: string } };

describe.skipIf(ownInstanceUnavailable)('wildcards in event_types (/webhooks.md "Wildcards")', () => {
  let origin: string;
  let receiver: Receiver;
  let client: WebhookInstance['client'];
  let stop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    let instance: WebhookInstance['instance'];
    ({ instance, receiver, client, stop } = await startWebhookInstance(
      { WEBHOOK_POLL_MS: '20' },
      `webhooks:read webhooks:write ${READ_SCOPES_OF_EVENTS.join(' ')} courses:write students:write orders:write`,
    ));
    origin = instance.origin;
  }, 120_000);
  afterAll(() => stop?.());

  const create = (path: string, eventTypes: string[], as = client) =>
    sdk.createWebhookEndpoint({
      client: as,
      body: { url: `${receiver.url('/ok')}?${path}`, event_types: eventTypes as ['*'] },
    });
  /** The types `path` received, each verified with the endpoint's secret. */
  const receivedTypes = (path: string, secret: string) =>
    receiver.received
      .filter((r) => r.path === `/ok?${path}`)
      .map((r) => (new Webhook(secret).verify(r.body, r.headers) as Envelope).type)
      .sort();

  it('`*` and `order.*` receive every type they cover, resolved against the catalogue, and no other', async () => {
    const orders = await answered(create('orders', ['order.*']));
    const all = await answered(create('all', ['*']));
    expect(orders.event_types).toEqual(['order.*']);

    const course = await answered(sdk.createCourse({ client, body: { title: 'Wildcard course' } }));
    await answered(sdk.publishCourse({ client, path: { course_id: course.id } }));
    const student = (await answered(sdk.listStudents({ client, query: { q: ACCOUNTS.student } }))).data[0]!;
    const order = await answered(
      sdk.createOrder({
        client,
        body: { person_id: student.id, items: [{ item_type: 'course', item_id: course.id, unit_amount: 1500 }] },
      }),
    );
    await answered(sdk.refundOrder({ client, path: { order_id: order.id }, body: { amount: 500 } }));

    await receiver.until(() => receivedTypes('orders', orders.secret).length >= 2);
    await receiver.until(() => receivedTypes('all', all.secret).length >= 4);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receivedTypes('orders', orders.secret)).toEqual(['order.paid', 'order.refunded']);
    expect(receivedTypes('all', all.secret)).toEqual([
      'course.published',
      'enrollment.created',
      'order.paid',
      'order.refunded',
    ]);

    // Recovery resolves wildcards the same way: a `course.*` endpoint made afterwards gets the course's event alone.
    const late = await answered(create('late', ['course.*']));
    const since = new Date(Date.now() - 60_000).toISOString();
    expect(
      (await answered(sdk.recoverWebhookEndpoint({ client, path: { webhook_id: late.id }, body: { since } }))).queued,
    ).toBe(1);
    await receiver.until(() => receivedTypes('late', late.secret).length === 1);
    expect(receivedTypes('late', late.secret)).toEqual(['course.published']);
  }, 60_000);

  it('a wildcard needs the read scope of every type it covers: without one, 403 insufficient-scope (RFC 6750 3.1)', async () => {
    const withoutOrders = adminClient(
      origin,
      await operatorToken(
        origin,
        ['webhooks:read webhooks:write', ...READ_SCOPES_OF_EVENTS.filter((s) => s !== 'orders:read')].join(' '),
      ),
    );
    for (const selector of ['*', 'order.*']) {
      const refused = await create('refused', [selector], withoutOrders);
      expect(refused.response.status, selector).toBe(403);
      expect(refused.error).toMatchObject({ type: `${origin}/problems/insufficient-scope` });
      expect(refused.response.headers.get('www-authenticate')).toContain('orders:read');
    }
    // `course.*` covers course.completed too, read with students:read.
    const coursesOnly = adminClient(origin, await operatorToken(origin, 'webhooks:read webhooks:write courses:read'));
    const partial = await create('refused', ['course.*'], coursesOnly);
    expect(partial.response.status).toBe(403);
    expect(partial.response.headers.get('www-authenticate')).toContain('students:read');
    const allowed = await create('allowed', ['course.*'], withoutOrders);
    expect(allowed.response.status).toBe(201);
    await answered(sdk.deleteWebhookEndpoint({ client, path: { webhook_id: allowed.data!.id } }));
  });

  it('an unknown wildcard is refused on creating and on changing an endpoint (400 naming the entry)', async () => {
    const unknown = await create('unknown', ['orders.*']);
    expect(unknown.response.status).toBe(400);
    const endpoint = await answered(create('changed', ['course.published']));
    const changed = await sdk.updateWebhookEndpoint({
      client,
      path: { webhook_id: endpoint.id },
      body: { event_types: ['course.published', 'courses.*' as 'course.*'] },
    });
    expect(changed.response.status).toBe(400);
    const updated = await answered(
      sdk.updateWebhookEndpoint({ client, path: { webhook_id: endpoint.id }, body: { event_types: ['member.*'] } }),
    );
    expect(updated.event_types).toEqual(['member.*']);
  });
});
