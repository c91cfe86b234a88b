// /webhooks.md "Who may receive what": scopes hold for events as for the API. Every event type of
// the catalogue needs the read scope of its resource to be subscribed to (creating or changing an
// endpoint) and its stored body to be read; and an endpoint sends only what its owner, the person
// who created it, may still read: once demoted, nothing more goes out and stored bodies are withheld.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sdk from '../../generated/openapi/client/sdk.gen.ts';
import { READ_SCOPES_OF_EVENTS, WEBHOOK_EVENTS } from '../../src/services/webhooks/catalogue.ts';
import { ownInstanceUnavailable } from '../service/own-instance.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { adminClient } from '../support/admin-client.ts';
import { answered } from '../support/answered.ts';
import { operatorToken } from '../support/tokens.ts';
import type { Receiver } from './receiver.ts';
import { startWebhookInstance, type WebhookInstance } from './webhook-instance.ts';

const WEBHOOKS = 'webhooks:read webhooks:write';

describe.skipIf(ownInstanceUnavailable)(
  'scopes hold for events as for the API (/webhooks.md "Who may receive what")',
  () => {
    let receiver: Receiver;
    let origin: string;
    let full: WebhookInstance['client'];
    let stop: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      let instance: WebhookInstance['instance'];
      ({
        instance,
        receiver,
        client: full,
        stop,
      } = await startWebhookInstance(
        { WEBHOOK_POLL_MS: '20' },
        `${WEBHOOKS} ${READ_SCOPES_OF_EVENTS.join(' ')} courses:write`,
      ));
      origin = instance.origin;
    }, 120_000);
    afterAll(() => stop?.());

    /**
     * A token holding webhooks:write and every event's read scope but `missing` (the operational
     * events' scope is webhooks:read itself).
     */
    const lacking = async (missing: string) =>
      adminClient(
        origin,
        await operatorToken(
          origin,
          [...new Set([...WEBHOOKS.split(' '), ...READ_SCOPES_OF_EVENTS])]
            .filter((scope) => scope !== missing)
            .join(' '),
        ),
      );

    const expectInsufficientScope = (result: { response: Response; error?: unknown }, scope: string) => {
      expect(result.response.status).toBe(403);
      expect(result.error).toMatchObject({ type: `${origin}/problems/insufficient-scope`, scope });
      expect(result.response.headers.get('www-authenticate')).toContain(`scope="${scope}"`);
    };

    it.each(WEBHOOK_EVENTS.map((event) => [event.type, event.scope] as const))(
      'subscribing to %s without %s is 403 insufficient-scope, on creating and on changing an endpoint (RFC 6750 3.1)',
      async (type, scope) => {
        const client = await lacking(scope);
        const url = receiver.url('/ok');
        expectInsufficientScope(await sdk.createWebhookEndpoint({ client, body: { url, event_types: [type] } }), scope);

        // An endpoint of another type, changed to this one; one of this type, changed in another field.
        const otherType = WEBHOOK_EVENTS.find((event) => event.scope !== scope)!.type;
        const other = await answered(sdk.createWebhookEndpoint({ client, body: { url, event_types: [otherType] } }));
        const path = { webhook_id: other.id };
        expectInsufficientScope(
          await sdk.updateWebhookEndpoint({ client, path, body: { event_types: [type] } }),
          scope,
        );
        const subscribed = await answered(
          sdk.createWebhookEndpoint({ client: full, body: { url, event_types: [type] } }),
        );
        expectInsufficientScope(
          await sdk.updateWebhookEndpoint({ client, path: { webhook_id: subscribed.id }, body: { description: 'x' } }),
          scope,
        );
        expect((await answered(sdk.getWebhookEndpoint({ client: full, path }))).event_types).toEqual([otherType]);
        // The school's endpoints are capped (/webhooks.md "Limits"): this case leaves none behind.
        for (const id of [other.id, subscribed.id])
          await answered(sdk.deleteWebhookEndpoint({ client: full, path: { webhook_id: id } }));
      },
      30_000,
    );

    it("reading a delivery's body needs its event's read scope (RFC 6750 3.1)", async () => {
      const endpoint = await answered(
        sdk.createWebhookEndpoint({
          client: full,
          body: { url: receiver.url('/ok'), event_types: ['course.published'] },
        }),
      );
      const course = await answered(sdk.createCourse({ client: full, body: { title: 'Scoped event course' } }));
      await answered(sdk.publishCourse({ client: full, path: { course_id: course.id } }));
      const path = { webhook_id: endpoint.id };
      const deliveries = async () => (await answered(sdk.listWebhookDeliveries({ client: full, path }))).data;
      await expect.poll(deliveries, { timeout: 10_000 }).toHaveLength(1);
      const [delivery] = await deliveries();
      const read = { ...path, delivery_id: delivery!.id };
      expectInsufficientScope(
        await sdk.getWebhookDelivery({ client: await lacking('courses:read'), path: read }),
        'courses:read',
      );
      expect((await answered(sdk.getWebhookDelivery({ client: full, path: read }))).event.type).toBe(
        'course.published',
      );
    }, 30_000);

    it("a demoted owner's endpoint stops receiving: deliveries are recorded as not sent, not retried, and their bodies withheld", async () => {
      // The receiver then hears from this test's endpoint alone.
      for (const other of (await answered(sdk.listWebhookEndpoints({ client: full, query: { limit: 100 } }))).data)
        await answered(sdk.deleteWebhookEndpoint({ client: full, path: { webhook_id: other.id } }));
      const admin = adminClient(origin, await operatorToken(origin, `${WEBHOOKS} courses:read`, ACCOUNTS.admin));
      const endpoint = await answered(
        sdk.createWebhookEndpoint({
          client: admin,
          body: { url: receiver.url('/ok'), event_types: ['course.published'] },
        }),
      );
      const path = { webhook_id: endpoint.id };
      const publish = async (title: string) => {
        const course = await answered(sdk.createCourse({ client: full, body: { title } }));
        await answered(sdk.publishCourse({ client: full, path: { course_id: course.id } }));
        return course;
      };
      const received = (courseId: string) =>
        receiver.received.filter((r) => r.body.includes(courseId) && r.body.includes('course.published')).length;

      // While the admin may read courses, their endpoint receives.
      const before = await publish('Before the demotion');
      await receiver.until(() => received(before.id) === 1);

      const owner = adminClient(origin, await operatorToken(origin, 'members:read members:write'));
      const member = (
        await answered(sdk.listMembers({ client: owner, query: { q: ACCOUNTS.admin, limit: 10 } }))
      ).data.find((m) => m.email === ACCOUNTS.admin)!;
      await answered(
        sdk.setMemberRoles({ client: owner, path: { person_id: member.id }, body: { roles: ['lecturer'] } }),
      );

      const after = await publish('After the demotion');
      await expect
        .poll(async () => (await answered(sdk.listWebhookDeliveries({ client: full, path }))).data, { timeout: 10_000 })
        .toContainEqual(
          expect.objectContaining({
            status: 'failed',
            attempts: 1,
            next_attempt_at: null,
            last_response_code: null,
            last_error: expect.stringMatching(/^owner_standing: /) as string,
          }),
        );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received(after.id)).toBe(0);
      // Not the receiver's failure: the endpoint stays enabled, its failing run unstarted.
      expect(await answered(sdk.getWebhookEndpoint({ client: full, path }))).toMatchObject({ status: 'enabled' });

      // Every stored body of the endpoint is withheld now, the one sent before as well.
      for (const delivery of (await answered(sdk.listWebhookDeliveries({ client: full, path }))).data) {
        const read = await sdk.getWebhookDelivery({ client: full, path: { ...path, delivery_id: delivery.id } });
        expect(read.response.status).toBe(403);
        expect(read.error).toMatchObject({ type: `${origin}/problems/owner-standing` });
      }
    }, 60_000);
  },
);
