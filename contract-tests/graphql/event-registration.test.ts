// Registering for an event and cancelling it through the member API (SDL Mutation: with account:write,
// a member registers for an event or cancels a registration, and every input is validated;
// SDL Mutation.registerForEvent, Mutation.cancelEventRegistration: idempotent). As student2 of
// Demo Academy, who the demo registered for "live-qa-react-hooks": the test ends registered again.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS } from '../support/accounts.ts';
import { memberToken, operatorToken } from '../support/tokens.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');

type Reply = {
  status: number;
  data?: Record<string, any> | null;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
};

async function graphql(token: string, query: string, variables: Record<string, unknown>): Promise<Reply> {
  const response = await fetch(`${origin}/account/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, ...((await response.json()) as object) };
}

const REGISTER = 'mutation($id: ID!) { registerForEvent(eventId: $id) { id status event { id title } } }';
const CANCEL = 'mutation($id: ID!) { cancelEventRegistration(eventId: $id) { id status event { id } } }';

/** The admin API's events of a school, by slug (events:read). */
async function eventIds(at: string, owner: string): Promise<Record<string, string>> {
  const token = await operatorToken(at, 'events:read', owner);
  const response = await fetch(`${at}/api/v1/events?limit=100`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return Object.fromEntries(
    ((await response.json()) as { data: Array<{ id: string; slug: string }> }).data.map((e) => [e.slug, e.id]),
  );
}

describe('event registration through /account/graphql (SDL Mutation)', () => {
  let writer: string;
  let reader: string;
  let events: Record<string, string>;
  beforeAll(async () => {
    writer = await memberToken(origin, 'openid account:read account:write', ACCOUNTS.student2);
    reader = await memberToken(origin, 'openid account:read', ACCOUNTS.student2);
    events = await eventIds(origin, ACCOUNTS.owner);
  });

  it('cancels and registers again, each twice with the same answer (idempotent), and the registration list follows', async () => {
    const id = events['live-qa-react-hooks']!;
    const cancelled = await graphql(writer, CANCEL, { id });
    expect(cancelled.errors).toBeUndefined();
    expect(cancelled.data!.cancelEventRegistration).toMatchObject({ status: 'cancelled', event: { id } });
    expect((await graphql(writer, CANCEL, { id })).data!.cancelEventRegistration).toEqual(
      cancelled.data!.cancelEventRegistration,
    );

    const registered = await graphql(writer, REGISTER, { id });
    expect(registered.errors).toBeUndefined();
    expect(registered.data!.registerForEvent).toMatchObject({
      status: 'registered',
      event: { id, title: expect.any(String) },
    });
    expect((await graphql(writer, REGISTER, { id })).data!.registerForEvent.id).toBe(
      registered.data!.registerForEvent.id,
    );

    const list = await graphql(
      reader,
      '{ viewer { eventRegistrations(first: 50) { nodes { status event { id } } } } }',
      {},
    );
    expect(
      list.data!.viewer.eventRegistrations.nodes.filter((n: { event: { id: string } }) => n.event.id === id),
    ).toEqual([{ status: 'registered', event: { id } }]);
  });

  it('with account:read alone both mutations are FORBIDDEN naming account:write, and nothing changes (SDL Mutation)', async () => {
    const id = events['live-qa-react-hooks']!;
    for (const mutation of [CANCEL, REGISTER]) {
      const reply = await graphql(reader, mutation, { id });
      expect(reply.status).toBe(200);
      expect(reply.data).toBeNull();
      expect(reply.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(reply.errors?.[0]?.message).toContain('account:write');
    }
    const list = await graphql(
      reader,
      '{ viewer { eventRegistrations(first: 50) { nodes { status event { id } } } } }',
      {},
    );
    expect(
      list.data!.viewer.eventRegistrations.nodes.find((n: { event: { id: string } }) => n.event.id === id)?.status,
    ).toBe('registered');
  });

  it.each([
    ['an unknown event', () => randomUUID()],
    ['an id that is no UUID', () => 'not-an-id'],
    ['a draft event', (e: Record<string, string>) => e['ml-study-group-kickoff']!],
    ['an event that has already started', (e: Record<string, string>) => e['portfolio-review-night']!],
  ])(
    'registering for %s is an error naming eventId, never a 500 (SDL Errors: BAD_USER_INPUT or NOT_FOUND)',
    async (_name, pick) => {
      const reply = await graphql(writer, REGISTER, { id: pick(events) });
      expect(reply.status).toBe(200);
      expect(reply.data).toBeNull();
      expect(['BAD_USER_INPUT', 'NOT_FOUND']).toContain(reply.errors?.[0]?.extensions?.code);
      expect(reply.errors?.[0]?.extensions?.field).toBe('eventId');
    },
  );

  it.skipIf(!secondary)(
    "another school's event is unknown here (only the token's person at the token's school)",
    async () => {
      const theirs = Object.values(await eventIds(secondary, ACCOUNTS.secondSchoolOwner));
      expect(theirs.length).toBeGreaterThan(0);
      for (const id of theirs) {
        const reply = await graphql(writer, REGISTER, { id });
        expect(reply.data).toBeNull();
        expect(reply.errors?.[0]?.extensions).toMatchObject({ field: 'eventId' });
      }
    },
  );
});
