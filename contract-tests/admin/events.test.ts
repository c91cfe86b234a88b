// Events and registrations through the generated client (events:read, events:write;
// OpenAPI tag Events, Loopwise states registered / attended / cancelled).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import * as sdk from '../../generated/openapi/client/sdk.gen.ts';
import type { CreateEventData } from '../../generated/openapi/client/types.gen.ts';
import { adminClient } from '../support/admin-client.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { operatorToken } from '../support/tokens.ts';
import { pointersOf, seededStudents } from './content-fixtures.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');

const inDays = (days: number, hour = 17) => new Date(Date.UTC(2031, 0, 1 + days, hour)).toISOString();

describe('events (events:read, events:write)', () => {
  let client: ReturnType<typeof adminClient>;
  let people: { student1: string; student2: string };
  const newEvent = async (extra: Partial<CreateEventData['body']> = {}) => {
    const { data, response } = await sdk.createEvent({
      client,
      body: { title: `Workshop ${randomUUID()}`, starts_at: inDays(1), ends_at: inDays(1, 19), ...extra },
    });
    if (response.status !== 201) throw new Error(`could not create an event: ${response.status}`);
    return data!;
  };
  beforeAll(async () => {
    client = adminClient(origin, await operatorToken(origin, 'events:read events:write'));
    people = await seededStudents(client);
  });

  it("creates a draft with a derived slug, the school's time zone and currency, and no seats taken", async () => {
    const { data, response } = await sdk.createEvent({
      client,
      body: {
        title: 'Ink & Wash Night',
        starts_at: inDays(3),
        ends_at: inDays(3, 20),
        capacity: 12,
        price: { amount: 1500, currency: 'USD' },
      },
    });
    expect(response.status).toBe(201);
    expect(data).toMatchObject({
      status: 'draft',
      timezone: 'America/New_York',
      capacity: 12,
      seats_left: 12,
      registered_count: 0,
      price: { amount: 1500, currency: 'USD' },
    });
    expect(data!.slug).toMatch(/^ink-wash-night/);
    expect((await sdk.getEvent({ client, path: { event_id: data!.id } })).data).toEqual(data);
  });

  it('lists soonest first, pages with next_cursor, and filters by status, start range and text', async () => {
    const first = await sdk.listEvents({ client, query: { limit: 1 } });
    expect(first.response.status).toBe(200);
    const second = await sdk.listEvents({ client, query: { limit: 1, cursor: first.data!.next_cursor! } });
    expect(Date.parse(second.data!.data[0]!.starts_at)).toBeGreaterThanOrEqual(
      Date.parse(first.data!.data[0]!.starts_at),
    );
    const published = await sdk.listEvents({ client, query: { status: 'published', limit: 100 } });
    expect(published.data!.data.length).toBeGreaterThan(0);
    expect(published.data!.data.every((e) => e.status === 'published')).toBe(true);
    const past = await sdk.listEvents({ client, query: { starts_before: new Date().toISOString(), limit: 100 } });
    expect(past.data!.data.map((e) => e.slug)).toContain('portfolio-review-night');
    const byText = await sdk.listEvents({ client, query: { q: 'portfolio', sort: '-starts_at' } });
    expect(byText.data!.data.map((e) => e.slug)).toEqual(['portfolio-review-night']);
  });

  it('updates, publishes (idempotent) and cancels; a cancelled event is not published again (422)', async () => {
    const event = await newEvent();
    const updated = await sdk.updateEvent({
      client,
      path: { event_id: event.id },
      body: { location: 'Studio 2', timezone: 'Europe/Berlin' },
    });
    expect(updated.data).toMatchObject({ location: 'Studio 2', timezone: 'Europe/Berlin', title: event.title });
    expect((await sdk.publishEvent({ client, path: { event_id: event.id } })).data!.status).toBe('published');
    expect((await sdk.publishEvent({ client, path: { event_id: event.id } })).response.status).toBe(200);
    expect((await sdk.cancelEvent({ client, path: { event_id: event.id } })).data!.status).toBe('cancelled');
    expect((await sdk.cancelEvent({ client, path: { event_id: event.id } })).data!.status).toBe('cancelled');
    expect((await sdk.publishEvent({ client, path: { event_id: event.id } })).response.status).toBe(422);
  });

  it('an end before the start, or an unknown time zone, is 422 with a pointer', async () => {
    const early = await sdk.createEvent({
      client,
      body: { title: 'Backwards', starts_at: inDays(2, 18), ends_at: inDays(2, 17) },
    });
    expect(early.response.status).toBe(422);
    expect(pointersOf(early.error)).toEqual(['/body/ends_at']);
    const event = await newEvent();
    const moved = await sdk.updateEvent({ client, path: { event_id: event.id }, body: { starts_at: inDays(5) } });
    expect(pointersOf(moved.error)).toEqual(['/body/ends_at']);
    const zone = await sdk.updateEvent({
      client,
      path: { event_id: event.id },
      body: { timezone: 'Atlantis/Capital' },
    });
    expect(zone.response.status).toBe(422);
    expect(pointersOf(zone.error)).toEqual(['/body/timezone']);
  });

  it('registers idempotently, enforces capacity (409), frees a seat on cancel, and checks people in', async () => {
    const event = await newEvent({ capacity: 1 });
    const path = { event_id: event.id };
    const first = await sdk.registerEventAttendee({ client, path, body: { person_id: people.student1 } });
    expect(first.response.status).toBe(201);
    expect(first.data).toMatchObject({
      status: 'registered',
      person: { id: people.student1, email: ACCOUNTS.student },
      cancelled_at: null,
    });
    const again = await sdk.registerEventAttendee({ client, path, body: { person_id: people.student1 } });
    expect(again.response.status).toBe(200);
    expect(again.data!.id).toBe(first.data!.id);
    const full = await sdk.registerEventAttendee({ client, path, body: { person_id: people.student2 } });
    expect(full.response.status).toBe(409);

    const cancelled = await sdk.cancelEventRegistration({
      client,
      path: { event_id: event.id, registration_id: first.data!.id },
    });
    expect(cancelled.data).toMatchObject({ status: 'cancelled' });
    expect(cancelled.data!.cancelled_at).toBeTypeOf('string');
    const second = await sdk.registerEventAttendee({ client, path, body: { person_id: people.student2 } });
    expect(second.response.status).toBe(201);
    const attended = await sdk.markEventAttendance({
      client,
      path: { event_id: event.id, registration_id: second.data!.id },
    });
    expect(attended.data!.status).toBe('attended');
    expect(
      (await sdk.markEventAttendance({ client, path: { event_id: event.id, registration_id: second.data!.id } }))
        .response.status,
    ).toBe(200);
    expect(
      (await sdk.cancelEventRegistration({ client, path: { event_id: event.id, registration_id: second.data!.id } }))
        .response.status,
    ).toBe(422);
    expect(
      (await sdk.markEventAttendance({ client, path: { event_id: event.id, registration_id: first.data!.id } }))
        .response.status,
    ).toBe(422);

    expect((await sdk.getEvent({ client, path })).data).toMatchObject({
      registered_count: 0,
      attended_count: 1,
      seats_left: 0,
    });
    await sdk.updateEvent({ client, path, body: { capacity: 2 } });
    const renewed = await sdk.registerEventAttendee({ client, path, body: { person_id: people.student1 } });
    expect(renewed.response.status).toBe(201);
    expect(renewed.data).toMatchObject({ id: first.data!.id, status: 'registered', cancelled_at: null });
    const shrink = await sdk.updateEvent({ client, path, body: { capacity: 1 } });
    expect(shrink.response.status).toBe(422);
    expect(pointersOf(shrink.error)).toEqual(['/body/capacity']);
  });

  it('lists registrations oldest first, filtered by status', async () => {
    const event = await newEvent();
    const path = { event_id: event.id };
    const a = (await sdk.registerEventAttendee({ client, path, body: { person_id: people.student1 } })).data!;
    await sdk.registerEventAttendee({ client, path, body: { person_id: people.student2 } });
    await sdk.cancelEventRegistration({ client, path: { event_id: event.id, registration_id: a.id } });
    const all = await sdk.listEventRegistrations({ client, path, query: { limit: 1 } });
    expect(all.response.status).toBe(200);
    expect(all.data!.data[0]!.person.id).toBe(people.student1);
    const rest = await sdk.listEventRegistrations({
      client,
      path,
      query: { limit: 1, cursor: all.data!.next_cursor! },
    });
    expect(rest.data).toMatchObject({ data: [{ person: { id: people.student2 } }], next_cursor: null });
    const cancelled = await sdk.listEventRegistrations({ client, path, query: { status: 'cancelled' } });
    expect(cancelled.data!.data.map((r) => r.id)).toEqual([a.id]);
  });

  it('someone without a role at the school (422), or a cancelled event (422), takes no registration', async () => {
    const event = await newEvent();
    const stranger = await sdk.registerEventAttendee({
      client,
      path: { event_id: event.id },
      body: { person_id: randomUUID() },
    });
    expect(stranger.response.status).toBe(422);
    expect(pointersOf(stranger.error)).toEqual(['/body/person_id']);
    await sdk.cancelEvent({ client, path: { event_id: event.id } });
    expect(
      (await sdk.registerEventAttendee({ client, path: { event_id: event.id }, body: { person_id: people.student1 } }))
        .response.status,
    ).toBe(422);
  });

  it('deletes an event nobody registered for; one with registrations is 409 (cancel instead)', async () => {
    const empty = await newEvent();
    expect((await sdk.deleteEvent({ client, path: { event_id: empty.id } })).response.status).toBe(204);
    expect((await sdk.getEvent({ client, path: { event_id: empty.id } })).response.status).toBe(404);
    const busy = await newEvent();
    await sdk.registerEventAttendee({ client, path: { event_id: busy.id }, body: { person_id: people.student1 } });
    expect((await sdk.deleteEvent({ client, path: { event_id: busy.id } })).response.status).toBe(409);
  });

  // The course lookup used to run on the service's outer handle inside update()'s own transaction:
  // on PGlite (one connection) the request waited for itself forever (fuzz updateEventDeadlock).
  it('links an event to a course of the school on update (422 for another id), and concurrent course changes all finish', async () => {
    // Two courses of this test's own: other suites delete courses they made, so the newest may go.
    const courses = adminClient(origin, await operatorToken(origin, 'courses:write'));
    const course = (await sdk.createCourse({ client: courses, body: { title: `Event course ${randomUUID()}` } })).data;
    const other = (await sdk.createCourse({ client: courses, body: { title: `Event course ${randomUUID()}` } })).data;
    const event = await newEvent();
    const path = { event_id: event.id };
    const signal = () => AbortSignal.timeout(10_000);
    const linked = await sdk.updateEvent({ client, path, body: { course_id: course!.id }, signal: signal() });
    expect(linked.response?.status, 'answered within 10 s').toBe(200);
    expect(linked.data!.course_id).toBe(course!.id);
    const unknown = await sdk.updateEvent({ client, path, body: { course_id: randomUUID() }, signal: signal() });
    expect(unknown.response.status).toBe(422);
    expect(pointersOf(unknown.error)).toEqual(['/body/course_id']);

    const targets = Array.from({ length: 8 }, (_, i) => (i % 2 ? course! : other!).id);
    const answers = await Promise.all(
      targets.map((courseId) => sdk.updateEvent({ client, path, body: { course_id: courseId }, signal: signal() })),
    );
    expect(
      answers.map((a) => a.response?.status),
      'all answered within 10 s',
    ).toEqual(targets.map(() => 200));
    expect(targets).toContain((await sdk.getEvent({ client, path, signal: signal() })).data!.course_id);
    expect(
      (await sdk.updateEvent({ client, path, body: { course_id: null }, signal: signal() })).data!.course_id,
    ).toBeNull();
  });

  it('a duplicate slug is 409 and invalid input is 400, both with pointers', async () => {
    const event = await newEvent();
    const twin = await sdk.createEvent({
      client,
      body: { title: 'Twin', slug: event.slug, starts_at: inDays(1), ends_at: inDays(1, 18) },
    });
    expect(twin.response.status).toBe(409);
    expect(pointersOf(twin.error)).toEqual(['/body/slug']);
    const invalid = await sdk.createEvent({ client, body: { title: 'x', starts_at: 'tomorrow', ends_at: inDays(1) } });
    expect(invalid.response.status).toBe(400);
    expect(pointersOf(invalid.error)).toEqual(['/body/starts_at']);
    const bad = await sdk.registerEventAttendee({ client, path: { event_id: event.id }, body: { person_id: 'me' } });
    expect(pointersOf(bad.error)).toEqual(['/body/person_id']);
  });

  it.skipIf(!secondary)("another school's event and registrations are 404, never their data", async () => {
    const other = adminClient(secondary, await operatorToken(secondary, 'events:read', ACCOUNTS.secondSchoolOwner));
    const theirs = (await sdk.listEvents({ client: other, query: { limit: 1 } })).data!.data[0]!;
    const response = await sdk.getEvent({ client, path: { event_id: theirs.id } });
    expect(response.response.status).toBe(404);
    expect(JSON.stringify(response.error)).not.toContain(theirs.title);
    expect((await sdk.listEventRegistrations({ client, path: { event_id: theirs.id } })).response.status).toBe(404);
    expect(
      (await sdk.registerEventAttendee({ client, path: { event_id: theirs.id }, body: { person_id: people.student1 } }))
        .response.status,
    ).toBe(404);
  });
});
