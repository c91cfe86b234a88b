// /webhooks.md "Events and recovery": every event is recorded whether or not an endpoint
// subscribes, listed newest first with the admin lists' cursor and `created_after`/`created_before`,
// each type only to a token holding its read scope; an endpoint that was disabled, or created
// later, recovers exactly what it missed, received by a real receiver that verifies every
// signature (Standard Webhooks "Verifying webhooks"), nothing twice however often it asks.
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sdk from '../../generated/openapi/client/sdk.gen.ts';
import { ownInstanceUnavailable } from '../service/own-instance.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { adminClient } from '../support/admin-client.ts';
import { answered } from '../support/answered.ts';
import { operatorToken } from '../support/tokens.ts';
import type { Receiver } from './receiver.ts';
import { startWebhookInstance, type WebhookInstance } from './webhook-instance.ts';

type Client = WebhookInstance['client'];
type Envelope = { id: string; type: string; created_at: string; data: { id?: string } };

describe.skipIf(ownInstanceUnavailable)(
  'the webhook event log and recovery (/webhooks.md "Events and recovery")',
  () => {
    let origin: string;
    let receiver: Receiver;
    let client: Client;
    let stop: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      let instance: WebhookInstance['instance'];
      ({ instance, receiver, client, stop } = await startWebhookInstance(
        { WEBHOOK_POLL_MS: '20' },
        'webhooks:read webhooks:write courses:read courses:write students:read students:write',
      ));
      origin = instance.origin;
    }, 120_000);
    afterAll(() => stop?.());

    const publishCourse = async (title: string) => {
      const course = await answered(sdk.createCourse({ client, body: { title } }));
      await answered(sdk.publishCourse({ client, path: { course_id: course.id } }));
      return course;
    };
    const events = async (
      query: NonNullable<Parameters<typeof sdk.listWebhookEvents>[0]>['query'] = {},
      as: Client = client,
    ) => (await answered(sdk.listWebhookEvents({ client: as, query: { limit: 100, ...query } }))).data as Envelope[];
    const eventOf = async (type: string, resourceId: string) =>
      (await events({ type: type as 'course.published' })).find((e) => e.data.id === resourceId)!;

    describe('listing', () => {
      let published: Envelope;
      let archived: Envelope;
      let enrolled: Envelope;

      beforeAll(async () => {
        // No endpoint subscribes to anything: the log holds every event all the same.
        const course = await publishCourse('Logged course');
        await answered(sdk.archiveCourse({ client, path: { course_id: course.id } }));
        const other = await publishCourse('Logged enrollment course');
        const student = (await answered(sdk.listStudents({ client, query: { q: ACCOUNTS.student } }))).data[0]!;
        const enrollment = await answered(
          sdk.enrollStudent({ client, path: { person_id: student.id }, body: { course_id: other.id } }),
        );
        published = await eventOf('course.published', course.id);
        archived = await eventOf('course.archived', course.id);
        enrolled = await eventOf('enrollment.created', enrollment.id);
      }, 60_000);

      it('records events no endpoint subscribes to, newest first, each the envelope its deliveries would send', async () => {
        expect((await answered(sdk.listWebhookEndpoints({ client }))).data).toEqual([]);
        for (const event of [published, archived, enrolled])
          expect(event).toMatchObject({ id: expect.any(String) as string, version: '2026-11-27' });
        const ids = (await events()).map((e) => e.id);
        expect(ids.indexOf(enrolled.id)).toBeLessThan(ids.indexOf(archived.id));
        expect(ids.indexOf(archived.id)).toBeLessThan(ids.indexOf(published.id));
        expect(await answered(sdk.getWebhookEvent({ client, path: { webhook_event_id: archived.id } }))).toEqual(
          archived,
        );
      });

      it('filters by type, pages with a cursor that repeats and skips nothing (OpenAPI Cursor)', async () => {
        const archivedOnly = await events({ type: 'course.archived' });
        expect(archivedOnly.map((e) => e.id)).toContain(archived.id);
        expect(new Set(archivedOnly.map((e) => e.type))).toEqual(new Set(['course.archived']));
        const all = (await events()).map((e) => e.id);
        const paged: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await answered(sdk.listWebhookEvents({ client, query: { limit: 2, cursor } }));
          paged.push(...page.data.map((e) => e.id));
          cursor = page.next_cursor ?? undefined;
        } while (cursor);
        expect(paged).toEqual(all);
      });

      it('reads a time range with created_after (inclusive) and created_before (exclusive); an inverted one is 400', async () => {
        const ranged = await events({ created_after: archived.created_at, created_before: enrolled.created_at });
        expect(ranged.map((e) => e.id)).toContain(archived.id);
        expect(ranged.map((e) => e.id)).not.toContain(published.id);
        expect(ranged.map((e) => e.id)).not.toContain(enrolled.id);
        const inverted = await sdk.listWebhookEvents({
          client,
          query: { created_after: enrolled.created_at, created_before: published.created_at },
        });
        expect(inverted.response.status).toBe(400);
        expect(inverted.error).toMatchObject({ errors: [{ pointer: '/query/created_before' }] });
      });

      it('lists only the types whose read scope the token holds; naming or reading another is 403 insufficient-scope (RFC 6750 3.1)', async () => {
        const coursesOnly = adminClient(origin, await operatorToken(origin, 'webhooks:read courses:read'));
        const seen = await events({}, coursesOnly);
        expect(seen.map((e) => e.id)).toEqual(expect.arrayContaining([published.id, archived.id]));
        expect(seen.every((e) => e.type.startsWith('course.'))).toBe(true);
        expect(seen.map((e) => e.id)).not.toContain(enrolled.id);

        const named = await sdk.listWebhookEvents({ client: coursesOnly, query: { type: 'enrollment.created' } });
        expect(named.response.status).toBe(403);
        expect(named.error).toMatchObject({ type: `${origin}/problems/insufficient-scope`, scope: 'students:read' });
        const read = await sdk.getWebhookEvent({ client: coursesOnly, path: { webhook_event_id: enrolled.id } });
        expect(read.response.status).toBe(403);
        expect(read.response.headers.get('www-authenticate')).toContain('scope="students:read"');
        expect(
          (await sdk.getWebhookEvent({ client: coursesOnly, path: { webhook_event_id: published.id } })).data,
        ).toEqual(published);
        expect((await sdk.getWebhookEvent({ client, path: { webhook_event_id: randomUUID() } })).response.status).toBe(
          404,
        );
      });
    });

    describe('recovery', () => {
      const received = (path: string, courseIds: string[]) =>
        receiver.received
          .filter((r) => r.path === path)
          .map((r) => JSON.parse(r.body) as Envelope)
          .filter((e) => e.type === 'course.published' && courseIds.includes(e.data.id!))
          .map((e) => e.data.id);
      const recover = (id: string, body: { since: string; until?: string }) =>
        sdk.recoverWebhookEndpoint({ client, path: { webhook_id: id }, body });

      it('an endpoint disabled and enabled again gets exactly the events it missed, each once, however often it asks', async () => {
        const since = new Date().toISOString();
        const endpoint = await answered(
          sdk.createWebhookEndpoint({
            client,
            body: { url: `${receiver.url('/ok')}?recovered`, event_types: ['course.published'] },
          }),
        );
        const path = '/ok?recovered';
        const before = await publishCourse('Sent before the pause');
        await receiver.until(() => received(path, [before.id]).length === 1);

        await answered(
          sdk.updateWebhookEndpoint({ client, path: { webhook_id: endpoint.id }, body: { enabled: false } }),
        );
        const missed = [await publishCourse('Missed one'), await publishCourse('Missed two')];
        const refused = await recover(endpoint.id, { since });
        expect(refused.response.status).toBe(422);
        await answered(
          sdk.updateWebhookEndpoint({ client, path: { webhook_id: endpoint.id }, body: { enabled: true } }),
        );
        const after = await publishCourse('Sent after the pause');
        await receiver.until(() => received(path, [after.id]).length === 1);

        const recovery = await recover(endpoint.id, { since });
        expect(recovery.response.status).toBe(202);
        expect(recovery.data).toMatchObject({ queued: 2, more: false, since });
        const all = [before, ...missed, after].map((c) => c.id);
        await receiver.until(() => received(path, all).length === 4);

        expect((await recover(endpoint.id, { since })).data).toMatchObject({ queued: 0, more: false });
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(received(path, all).sort()).toEqual([...all].sort());
        // Each carries its event's own id and body, signed with the endpoint's secret.
        for (const request of receiver.received.filter((r) => r.path === path)) {
          const event = new Webhook(endpoint.secret).verify(request.body, request.headers) as Envelope;
          expect(request.headers['webhook-id']).toBe(event.id);
        }
        const recoveredIds = receiver.received
          .filter((r) => r.path === path)
          .map((r) => JSON.parse(r.body) as Envelope)
          .filter((e) => missed.some((c) => c.id === e.data.id))
          .map((e) => e.id);
        expect(recoveredIds.sort()).toEqual(
          (await Promise.all(missed.map((c) => eventOf('course.published', c.id)))).map((e) => e.id).sort(),
        );
      }, 60_000);

      it('an endpoint created later recovers what happened before it existed, within the range it names', async () => {
        const since = new Date().toISOString();
        const [first, second] = [await publishCourse('Before the endpoint'), await publishCourse('Also before it')];
        const until = (await eventOf('course.published', second.id)).created_at;
        const endpoint = await answered(
          sdk.createWebhookEndpoint({
            client,
            body: { url: `${receiver.url('/ok')}?later`, event_types: ['course.published'] },
          }),
        );
        // `until` is exclusive: the second course's event is left out.
        expect((await answered(recover(endpoint.id, { since, until }))).queued).toBe(1);
        await receiver.until(() => received('/ok?later', [first.id, second.id]).length === 1);
        expect(received('/ok?later', [first.id, second.id])).toEqual([first.id]);
      }, 60_000);

      it('is bounded: since must lie within the retention and before until (400 naming the field)', async () => {
        const endpoint = await answered(
          sdk.createWebhookEndpoint({ client, body: { url: receiver.url('/ok'), event_types: ['course.published'] } }),
        );
        const tooOld = await recover(endpoint.id, { since: new Date(Date.now() - 31 * 86_400_000).toISOString() });
        expect(tooOld.response.status).toBe(400);
        expect(tooOld.error).toMatchObject({ errors: [{ pointer: '/body/since' }] });
        const now = new Date().toISOString();
        const inverted = await recover(endpoint.id, { since: now, until: new Date(Date.now() - 60_000).toISOString() });
        expect(inverted.response.status).toBe(400);
        expect(inverted.error).toMatchObject({ errors: [{ pointer: '/body/until' }] });
        expect((await recover(randomUUID(), { since: now })).response.status).toBe(404);
      });
    });
  },
);
