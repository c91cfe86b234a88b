// The Viewer lists as Relay cursor connections (Relay Cursor Connections specification,
// https://relay.dev/graphql/connections.htm) on the wire, for the demo member student1 of Demo
// Academy: 4 enrolled courses, 3 orders (DA-10003, DA-10002, DA-10001, newest first). Forward and
// backward pages, every edge's cursor as `after` and `before`, hasPreviousPage and hasNextPage on
// both sides, first with last refused, and the statuses and roles as enum values.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { memberToken } from '../support/tokens.ts';

const origin = inject('primaryOrigin');

type Errors = { message: string; extensions?: Record<string, unknown> }[];
type PageInfo = {
  hasPreviousPage: boolean;
  hasNextPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
};
type Page = { edges: { cursor: string; node: { number: string } }[]; nodes: { number: string }[]; pageInfo: PageInfo };

let token: string;
beforeAll(async () => {
  token = await memberToken(origin);
});

async function ask(query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(`${origin}/account/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { data: Record<string, any> | null; errors?: Errors };
}

const ORDERS = `query($first: Int, $after: String, $last: Int, $before: String) { viewer {
  orders(first: $first, after: $after, last: $last, before: $before) {
    edges { cursor node { number } } nodes { number }
    pageInfo { hasPreviousPage hasNextPage startCursor endCursor } } } }`;

async function orders(args: { first?: number; after?: string | null; last?: number; before?: string | null }) {
  const body = await ask(ORDERS, args);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  const page = body.data!.viewer.orders as Page;
  // 4.1: edges and nodes are the same items, in the same order.
  expect(page.nodes.map((n) => n.number)).toEqual(page.edges.map((e) => e.node.number));
  return { numbers: page.nodes.map((n) => n.number), cursors: page.edges.map((e) => e.cursor), ...page.pageInfo };
}

const ALL = ['DA-10003', 'DA-10002', 'DA-10001'];

describe('Viewer connections (Relay Cursor Connections)', () => {
  it('pages forward with first/after, startCursor and endCursor the first and last edge cursors (2.1, 5)', async () => {
    const one = await orders({ first: 2 });
    expect(one).toMatchObject({ numbers: ALL.slice(0, 2), hasPreviousPage: false, hasNextPage: true });
    expect(one.startCursor).toBe(one.cursors[0]);
    expect(one.endCursor).toBe(one.cursors[1]);
    const two = await orders({ first: 2, after: one.endCursor });
    expect(two).toMatchObject({ numbers: ALL.slice(2), hasPreviousPage: true, hasNextPage: false });
  });

  it('pages backward with last/before in the list order, hasPreviousPage telling when to stop (2.1, 4.2)', async () => {
    const end = await orders({ last: 2 });
    expect(end).toMatchObject({ numbers: ALL.slice(1), hasPreviousPage: true, hasNextPage: false });
    const start = await orders({ last: 2, before: end.startCursor });
    expect(start).toMatchObject({ numbers: ALL.slice(0, 1), hasPreviousPage: false, hasNextPage: true });
  });

  it("takes every edge's cursor as after and as before (4.3 ApplyCursorsToEdges)", async () => {
    const { cursors } = await orders({ first: 3 });
    for (const [i, cursor] of cursors.entries()) {
      expect((await orders({ first: 3, after: cursor })).numbers).toEqual(ALL.slice(i + 1));
      expect((await orders({ last: 3, before: cursor })).numbers).toEqual(ALL.slice(0, i));
    }
    expect((await orders({ first: 3, after: cursors[0], before: cursors[2] })).numbers).toEqual([ALL[1]]);
  });

  it('takes neither first nor last as first: 20', async () => {
    expect(await orders({})).toMatchObject({ numbers: ALL, hasPreviousPage: false, hasNextPage: false });
  });

  it.each([
    ['first with last (2.1: strongly discouraged)', { first: 1, last: 1 }, 'last'],
    ['last: 0', { last: 0 }, 'last'],
    ['last: 51', { last: 51 }, 'last'],
    ['a before cursor no list issued', { last: 1, before: 'forged' }, 'before'],
  ])('refuses %s with BAD_USER_INPUT naming the argument', async (_name, variables, field) => {
    const body = await ask(ORDERS, variables);
    expect(body.data).toBeNull();
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
  });

  it('refuses an enrolled course cursor as before on orders (a cursor belongs to its list)', async () => {
    const body = await ask('{ viewer { enrolledCourses(first: 1) { edges { cursor } } } }');
    const cursor = body.data!.viewer.enrolledCourses.edges[0].cursor as string;
    const refused = await ask(ORDERS, { last: 1, before: cursor });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'before' });
  });

  it('sends statuses and roles as enum values, the admin API values (GraphQL spec 3.9)', async () => {
    const body = await ask(`{ viewer { roles
      enrolledCourses { nodes { status } } orders { nodes { status items { itemType } } }
      eventRegistrations { nodes { status } } } }`);
    expect(body.errors).toBeUndefined();
    const viewer = body.data!.viewer;
    expect(viewer.roles).toEqual(['student']);
    const statuses = (list: { nodes: { status: string }[] }) => new Set(list.nodes.map((n) => n.status));
    // Other suites change this member's enrollments and registrations: every value sent is an enum
    // value, and the seeded expired enrollment shows the values are not all one.
    expect([...statuses(viewer.enrolledCourses)].every((s) => ['active', 'expired', 'revoked'].includes(s))).toBe(true);
    expect(statuses(viewer.enrolledCourses).size).toBeGreaterThan(0);
    expect(
      [...statuses(viewer.orders)].every((s) =>
        ['not_paid', 'paid', 'failed', 'refunded', 'expired', 'manual'].includes(s),
      ),
    ).toBe(true);
    expect(
      [...statuses(viewer.eventRegistrations)].every((s) => ['registered', 'attended', 'cancelled'].includes(s)),
    ).toBe(true);
    const enumOf = async (name: string) =>
      (await ask(`{ __type(name: "${name}") { kind enumValues { name } } }`)).data!.__type as {
        kind: string;
        enumValues: { name: string }[];
      };
    expect(await enumOf('Role')).toEqual({
      kind: 'ENUM',
      enumValues: ['owner', 'admin', 'lecturer', 'student'].map((name) => ({ name })),
    });
    expect((await enumOf('OrderStatus')).enumValues.map((v) => v.name)).toEqual([
      'not_paid',
      'paid',
      'failed',
      'refunded',
      'expired',
      'manual',
    ]);
  });
});
