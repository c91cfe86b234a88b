// Webhooks end to end, on an instance of this file's own (PGlite in memory, or a scratch
// PostgreSQL database with DATABASE_URL) with loopback receivers allowed
// (WEBHOOK_ALLOW_PRIVATE_ADDRESSES, development only) and a short retry base: a scripted school
// workflow, received by a real receiver on 127.0.0.1, every delivery verified with the Standard
// Webhooks reference library and validated against its named schema in /openapi.json.
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sdk from '../../generated/openapi/client/sdk.gen.ts';
import { exampleErrors } from '../../scripts/lib/openapi-examples.ts';
import type { Instance } from '../reliability/instance.ts';
import { ownInstanceUnavailable, startOwnInstance } from '../service/own-instance.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { adminClient } from '../support/admin-client.ts';
import { memberToken, operatorToken } from '../support/tokens.ts';
import { startReceiver, type Receiver, type Received } from './receiver.ts';
import { WEBHOOK_EVENTS } from '../../src/services/webhooks/catalogue.ts';
import { answered } from '../support/answered.ts';

const SCOPES = [
  'webhooks:read webhooks:write courses:read courses:write curriculum:write students:read students:write',
  'members:write events:write subscriptions:read subscriptions:write orders:write membership_plans:write',
  // /webhooks.md "Who may receive what": the read scope of every event type the endpoints subscribe to.
  'orders:read events:read members:read',
].join(' ');

type Envelope = { id: string; type: string; version: string; data: Record<string, unknown> };

describe.skipIf(ownInstanceUnavailable)('webhooks (Standard Webhooks; OpenAPI tag Webhooks)', () => {
  let instance: Instance;
  let receiver: Receiver;
  let client: ReturnType<typeof adminClient>;
  let openapi: Record<string, unknown>;
  let origin: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    instance = await startOwnInstance({
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
      WEBHOOK_RETRY_BASE_MS: '200',
      WEBHOOK_POLL_MS: '50',
      EXPIRY_SWEEP_MS: '200',
      WEBHOOK_FAILING_NOTICE_MS: '1000',
    });
    origin = instance.origin;
    client = adminClient(origin, await operatorToken(origin, SCOPES));
    openapi = (await (await fetch(`${origin}/openapi.json`)).json()) as Record<string, unknown>;
  }, 120_000);
  afterAll(async () => {
    await instance?.stop();
    await receiver?.close();
  });

  const bodies = (path: string): Envelope[] =>
    receiver.received.filter((r) => r.path === path).map((r) => JSON.parse(r.body) as Envelope);

  /** Standard Webhooks "Verifying webhooks": the reference library's verify throws unless a signature matches. */
  function verified(request: Received, secret: string): Envelope {
    return new Webhook(secret).verify(request.body, request.headers) as Envelope;
  }

  function schemaErrors(event: Envelope, schema: string): string[] {
    return exampleErrors(openapi, { $ref: `#/components/schemas/${schema}` }, event, 'response').map(
      (e) => `${event.type} ${e.instancePath} ${e.message ?? ''}`,
    );
  }

  it('delivers every event of a school workflow once after deduplication by webhook-id, each signed and valid against its schema', async () => {
    const endpoint = await answered(
      sdk.createWebhookEndpoint({
        client,
        body: {
          url: receiver.url('/ok'),
          description: 'Contract receiver',
          event_types: [
            'course.published',
            'course.archived',
            'enrollment.created',
            'enrollment.expired',
            'enrollment.revoked',
            'course.completed',
            'lecture.completed',
            'order.paid',
            'order.refunded',
            'subscription.created',
            'subscription.canceled',
            'event_registration.created',
            'event_registration.cancelled',
            'student.created',
            'member.roles_changed',
            'webhook_endpoint.failing',
            'webhook_endpoint.disabled',
          ],
        },
      }),
    );
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect(endpoint).toMatchObject({ status: 'enabled', disabled_reason: null, version: '2026-11-27' });

    // Publish a course with one published lecture.
    const course = await answered(sdk.createCourse({ client, body: { title: 'Webhook workflow course' } }));
    const section = await answered(
      sdk.createSection({ client, path: { course_id: course.id }, body: { title: 'Only section' } }),
    );
    const lecture = await answered(
      sdk.createLecture({
        client,
        path: { course_id: course.id, section_id: section.id },
        body: {
          title: 'Only lecture',
          content_type: 'text',
          content: '<p>Hi</p>',
          duration_seconds: 60,
          status: 'published',
        },
      }),
    );
    await answered(sdk.publishCourse({ client, path: { course_id: course.id } }));
    // Enrol a student, who completes the lecture and with it the course (member data API).
    const students = await answered(sdk.listStudents({ client, query: { q: ACCOUNTS.student } }));
    const student = students.data[0]!;
    const enrollment = await answered(
      sdk.enrollStudent({ client, path: { person_id: student.id }, body: { course_id: course.id } }),
    );
    // The student pays for the course elsewhere (already enrolled: the order grants nothing new),
    // is refunded in part, and is given a subscription to a new plan.
    const order = await answered(
      sdk.createOrder({
        client,
        body: { person_id: student.id, items: [{ item_type: 'course', item_id: course.id, unit_amount: 2500 }] },
      }),
    );
    await answered(sdk.refundOrder({ client, path: { order_id: order.id }, body: { amount: 500 } }));
    const plan = await answered(
      sdk.createMembershipPlan({
        client,
        body: { name: 'Webhook plan', price: { amount: 700, currency: 'USD' }, billing_interval: 'month' },
      }),
    );
    await answered(sdk.createSubscription({ client, body: { person_id: student.id, plan_id: plan.id } }));
    const member = await memberToken(origin, 'openid account:read account:write', ACCOUNTS.student);
    const progress = await fetch(`${origin}/account/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'mutation ($input: RecordLectureProgressInput!) { recordLectureProgress(input: $input) { __typename } }',
        variables: { input: { lectureId: lecture.id, positionSeconds: 60, completed: true } },
      }),
    });
    expect(await progress.json()).not.toHaveProperty('errors');
    // Register for an event and cancel; a member becomes a student; roles change.
    const event = await answered(
      sdk.createEvent({
        client,
        body: {
          title: 'Webhook event',
          starts_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
          ends_at: new Date(Date.now() + 7 * 86_400_000 + 3_600_000).toISOString(),
        },
      }),
    );
    await answered(sdk.publishEvent({ client, path: { event_id: event.id } }));
    const registration = await answered(
      sdk.registerEventAttendee({ client, path: { event_id: event.id }, body: { person_id: student.id } }),
    );
    await answered(
      sdk.cancelEventRegistration({ client, path: { event_id: event.id, registration_id: registration.id } }),
    );
    await answered(sdk.inviteStudent({ client, body: { email: ACCOUNTS.lecturer, name: 'Lecturer' } }));
    const lecturer = (await answered(sdk.listStudents({ client, query: { q: ACCOUNTS.lecturer } }))).data[0]!;
    await answered(
      sdk.setMemberRoles({
        client,
        path: { person_id: lecturer.id },
        body: { roles: ['lecturer', 'student', 'admin'] },
      }),
    );
    // A subscription is canceled; the enrollment expires and is removed; the course is archived.
    const running = await answered(sdk.listSubscriptions({ client, query: { status: 'active' } }));
    await answered(sdk.cancelSubscription({ client, path: { subscription_id: running.data[0]!.id }, body: {} }));
    await answered(sdk.expireEnrollment({ client, path: { enrollment_id: enrollment.id } }));
    await answered(sdk.unenrollStudent({ client, path: { enrollment_id: enrollment.id } }));
    await answered(sdk.archiveCourse({ client, path: { course_id: course.id } }));
    // Another endpoint fails for WEBHOOK_FAILING_NOTICE_MS, and a third answers 410 and is disabled
    // (docs/webhooks.md "Operators hear about failure"); each is told to the others once.
    const troubled = [];
    for (const path of ['/fail', '/gone'] as const) {
      const other = await answered(
        sdk.createWebhookEndpoint({ client, body: { url: receiver.url(path), event_types: ['course.published'] } }),
      );
      await answered(sdk.sendWebhookTestEvent({ client, path: { webhook_id: other.id } }));
      troubled.push(other.id);
    }

    const expected = endpoint.event_types;
    // The workflow covers the whole catalogue, not a chosen part of it.
    expect([...expected].sort()).toEqual(WEBHOOK_EVENTS.map((e) => e.type).sort());
    await receiver.until((all) => {
      const types = new Set(all.filter((r) => r.path === '/ok').map((r) => (JSON.parse(r.body) as Envelope).type));
      return expected.every((type) => types.has(type));
    });
    const unique = new Map<string, Envelope>();
    const problems: string[] = [];
    for (const request of receiver.received.filter((r) => r.path === '/ok')) {
      const event = verified(request, endpoint.secret);
      expect(request.headers['webhook-id']).toBe(event.id);
      unique.set(event.id, event);
    }
    const schemaOf = new Map(WEBHOOK_EVENTS.map((e) => [e.type as string, e.schema]));
    for (const event of unique.values()) problems.push(...schemaErrors(event, schemaOf.get(event.type)!));
    expect(problems).toEqual([]);
    const perType = new Map<string, number>();
    for (const event of unique.values()) perType.set(event.type, (perType.get(event.type) ?? 0) + 1);
    // The workflow causes each event once; a redelivered duplicate would share its webhook-id.
    for (const type of expected) expect([type, perType.get(type)]).toEqual([type, 1]);
    expect(unique.get(bodies('/ok').find((e) => e.type === 'course.completed')!.id)!.data).toMatchObject({
      id: enrollment.id,
      percent_complete: 100,
    });
    const ofType = (type: string) => [...unique.values()].find((e) => e.type === type)!.data;
    expect(ofType('order.paid')).toMatchObject({
      id: order.id,
      status: 'paid',
      source: 'external',
      refunded: { amount: 0 },
    });
    expect(ofType('order.refunded')).toMatchObject({ id: order.id, refunded: { amount: 500 } });
    expect(ofType('subscription.created')).toMatchObject({ plan: { id: plan.id }, status: 'active' });
    expect(ofType('webhook_endpoint.failing')).toMatchObject({ id: troubled[0], status: 'enabled' });
    expect(ofType('webhook_endpoint.disabled')).toMatchObject({ id: troubled[1], disabled_reason: 'gone' });
    for (const id of troubled) await answered(sdk.deleteWebhookEndpoint({ client, path: { webhook_id: id } }));
  }, 90_000);

  it('retries a failed delivery with back-off and records both attempts (Standard Webhooks "Retry schedule")', async () => {
    const endpoint = await answered(
      sdk.createWebhookEndpoint({ client, body: { url: receiver.url('/flaky'), event_types: ['course.published'] } }),
    );
    const course = await answered(sdk.createCourse({ client, body: { title: 'Retried course' } }));
    await answered(sdk.publishCourse({ client, path: { course_id: course.id } }));
    await receiver.until((all) => all.filter((r) => r.path === '/flaky').length >= 2);
    const [first, second] = receiver.received.filter((r) => r.path === '/flaky');
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(150); // base 200 ms, -20 % jitter
    verified(second!, endpoint.secret);
    await expect
      .poll(
        async () => (await answered(sdk.listWebhookDeliveries({ client, path: { webhook_id: endpoint.id } }))).data[0],
      )
      .toMatchObject({ status: 'succeeded', attempts: 2, last_response_code: 200, event_type: 'course.published' });
  }, 30_000);

  it('disables an endpoint whose receiver answers 410 Gone, with an audit reason (Standard Webhooks "Delivery behaviour")', async () => {
    const endpoint = await answered(
      sdk.createWebhookEndpoint({ client, body: { url: receiver.url('/gone'), event_types: ['course.archived'] } }),
    );
    const course = await answered(sdk.createCourse({ client, body: { title: 'Gone course' } }));
    await answered(sdk.archiveCourse({ client, path: { course_id: course.id } }));
    await expect
      .poll(async () => answered(sdk.getWebhookEndpoint({ client, path: { webhook_id: endpoint.id } })), {
        timeout: 10_000,
      })
      .toMatchObject({ status: 'disabled', disabled_reason: 'gone' });
    const deliveries = await answered(sdk.listWebhookDeliveries({ client, path: { webhook_id: endpoint.id } }));
    expect(deliveries.data[0]).toMatchObject({ status: 'failed', last_response_code: 410, attempts: 1 });
    // A disabled endpoint takes no test event until it is enabled again (422).
    const refused = await sdk.sendWebhookTestEvent({ client, path: { webhook_id: endpoint.id } });
    expect(refused.response.status).toBe(422);
    const enabled = await answered(
      sdk.updateWebhookEndpoint({ client, path: { webhook_id: endpoint.id }, body: { enabled: true } }),
    );
    expect(enabled).toMatchObject({ status: 'enabled', disabled_reason: null });
    await answered(sdk.deleteWebhookEndpoint({ client, path: { webhook_id: endpoint.id } }));
    const gone = await sdk.getWebhookEndpoint({ client, path: { webhook_id: endpoint.id } });
    expect(gone.response.status).toBe(404);
  }, 30_000);

  it('sends a test event, redelivers it with the same webhook-id, and shows the event it carried', async () => {
    const endpoint = await answered(
      sdk.createWebhookEndpoint({ client, body: { url: receiver.url('/ok'), event_types: ['order.paid'] } }),
    );
    const delivery = await answered(sdk.sendWebhookTestEvent({ client, path: { webhook_id: endpoint.id } }));
    expect(delivery).toMatchObject({ status: 'pending', event_type: 'webhook.test' });
    const sent = () => receiver.received.filter((r) => r.headers['webhook-id'] === delivery.event_id);
    await receiver.until(() => sent().length === 1);
    const event = verified(sent()[0]!, endpoint.secret);
    expect(schemaErrors(event, 'WebhookTestEvent')).toEqual([]);
    await expect
      .poll(
        async () =>
          (await answered(sdk.listWebhookDeliveries({ client, path: { webhook_id: endpoint.id } }))).data[0]?.status,
      )
      .toBe('succeeded');
    const again = await answered(
      sdk.redeliverWebhookDelivery({ client, path: { webhook_id: endpoint.id, delivery_id: delivery.id } }),
    );
    expect(again.status).toBe('pending');
    await receiver.until(() => sent().length === 2);
    expect(sent()[1]!.body).toBe(sent()[0]!.body);
    const detail = await answered(
      sdk.getWebhookDelivery({ client, path: { webhook_id: endpoint.id, delivery_id: delivery.id } }),
    );
    expect(detail.event).toEqual(event);
    expect((await answered(sdk.listWebhookEndpoints({ client }))).data.map((e) => e.id)).toContain(endpoint.id);
  }, 30_000);

  it('signs with both secrets during a rotation overlap, so either verifies (Standard Webhooks "Signature scheme")', async () => {
    const endpoint = await answered(
      sdk.createWebhookEndpoint({ client, body: { url: receiver.url('/ok'), event_types: ['order.refunded'] } }),
    );
    const rotated = await answered(sdk.rotateWebhookSecret({ client, path: { webhook_id: endpoint.id } }));
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect(Date.parse(rotated.previous_secret_expires_at) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    const delivery = await answered(sdk.sendWebhookTestEvent({ client, path: { webhook_id: endpoint.id } }));
    await receiver.until((all) => all.some((r) => r.headers['webhook-id'] === delivery.event_id));
    const request = receiver.received.find((r) => r.headers['webhook-id'] === delivery.event_id)!;
    expect(request.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verified(request, endpoint.secret).id).toBe(delivery.event_id);
    expect(verified(request, rotated.secret).id).toBe(delivery.event_id);
    expect(() => verified(request, `whsec_${Buffer.alloc(32, 7).toString('base64')}`)).toThrow();
  }, 30_000);

  it('rotates with the overlap asked for: 0 stops the old secret at once, 3600 keeps both for an hour, 8 days is refused (OpenAPI rotateWebhookSecret)', async () => {
    const endpoint = await answered(
      sdk.createWebhookEndpoint({ client, body: { url: receiver.url('/ok'), event_types: ['order.refunded'] } }),
    );
    const testEvent = async () => {
      const delivery = await answered(sdk.sendWebhookTestEvent({ client, path: { webhook_id: endpoint.id } }));
      await receiver.until((all) => all.some((r) => r.headers['webhook-id'] === delivery.event_id));
      return receiver.received.find((r) => r.headers['webhook-id'] === delivery.event_id)!;
    };
    const hour = await answered(
      sdk.rotateWebhookSecret({ client, path: { webhook_id: endpoint.id }, body: { overlap_seconds: 3600 } }),
    );
    const overlapMs = Date.parse(hour.previous_secret_expires_at) - Date.now();
    expect(overlapMs).toBeGreaterThan(3_500_000);
    expect(overlapMs).toBeLessThanOrEqual(3_600_000);
    const during = await testEvent();
    expect(during.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verified(during, endpoint.secret).type).toBe('webhook.test');
    expect(verified(during, hour.secret).type).toBe('webhook.test');

    const atOnce = await answered(
      sdk.rotateWebhookSecret({ client, path: { webhook_id: endpoint.id }, body: { overlap_seconds: 0 } }),
    );
    expect(Date.parse(atOnce.previous_secret_expires_at)).toBeLessThanOrEqual(Date.now());
    const after = await testEvent();
    // Both earlier secrets stop: the one from the first rotation's hour is cut short too.
    expect(after.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(verified(after, atOnce.secret).type).toBe('webhook.test');
    expect(() => verified(after, hour.secret)).toThrow();
    expect(() => verified(after, endpoint.secret)).toThrow();

    const refused = await sdk.rotateWebhookSecret({
      client,
      path: { webhook_id: endpoint.id },
      body: { overlap_seconds: 8 * 86_400 },
    });
    expect(refused.response.status).toBe(400);
  }, 30_000);

  it('refuses an endpoint URL that is not http(s) with a problem naming the field (422)', async () => {
    const refused = await sdk.createWebhookEndpoint({
      client,
      body: { url: 'ftp://127.0.0.1/hook', event_types: ['course.published'] },
    });
    expect(refused.response.status).toBe(422);
    expect(refused.response.headers.get('content-type')).toContain('application/problem+json');
    expect(JSON.stringify(refused.error)).toContain('/body/url');
  });
});
