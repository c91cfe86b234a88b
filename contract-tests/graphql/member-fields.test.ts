// What a member expects beside the viewer's basic fields (SDL Viewer: name, course title and
// progress, orders with number, status, totals with currency, items and created time, event
// registrations with event title, start, end and status, both as connections), checked against
// the school's own records read through the admin API: the member sees their data as the school
// keeps it, and pages through orders and registrations with pageInfo and after.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS } from '../support/accounts.ts';
import { memberToken, operatorToken } from '../support/tokens.ts';

const origin = inject('primaryOrigin');

async function graphql(
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<Record<string, any>> {
  const response = await fetch(`${origin}/account/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: Record<string, any>; errors?: unknown };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data!;
}

async function admin(path: string, token: string): Promise<any> {
  const response = await fetch(`${origin}/api/v1/${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status, path).toBe(200);
  return response.json();
}

/** Every node of a connection, `first` at a time, following pageInfo.endCursor. */
async function walk(
  token: string,
  field: 'orders' | 'eventRegistrations',
  selection: string,
): Promise<{ nodes: any[]; pages: number; totalCount: number }> {
  const nodes: any[] = [];
  let after: string | null = null;
  let pages = 0;
  let totalCount: number;
  do {
    const data = await graphql(
      token,
      `query($after: String) { viewer { ${field}(first: 1, after: $after) { nodes { ${selection} } pageInfo { hasNextPage endCursor } totalCount } } }`,
      { after },
    );
    const connection = data.viewer[field];
    nodes.push(...connection.nodes);
    totalCount = connection.totalCount;
    pages += 1;
    after = connection.pageInfo.hasNextPage ? connection.pageInfo.endCursor : null;
  } while (after && pages < 20);
  return { nodes, pages, totalCount };
}

describe("the member's own data as the school keeps it (SDL Viewer)", () => {
  let member: string;
  let operator: string;
  let viewerId: string;
  beforeAll(async () => {
    member = await memberToken(origin, 'openid profile account:read', ACCOUNTS.student);
    operator = await operatorToken(origin, 'students:read orders:read events:read');
    viewerId = (await graphql(member, '{ viewer { id } }')).viewer.id;
  });

  it("viewer.name and roles are UserInfo's name and the person's roles at this school", async () => {
    const { viewer } = await graphql(member, '{ viewer { id name email roles } }');
    const userinfo = await (
      await fetch(`${origin}/api/oauth/userinfo`, { headers: { authorization: `Bearer ${member}` } })
    ).json();
    expect(viewer).toEqual({ id: userinfo.sub, name: userinfo.name, email: ACCOUNTS.student, roles: userinfo.roles });
    expect(viewer.name).toEqual(expect.any(String));
  });

  it("each enrolled course's title, status and progress (completed and total lectures) equal the school's progress report", async () => {
    const { viewer } = await graphql(
      member,
      '{ viewer { enrolledCourses(first: 50) { nodes { id slug title status progress { completedLectures totalLectures percentComplete } } } } }',
    );
    const report = (await admin(`students/${viewerId}/progress?limit=100`, operator)).data as Array<{
      course: { id: string; slug: string; title: string };
      status: string;
      completed_lectures: number;
      total_lectures: number;
      percent_complete: number;
    }>;
    expect(viewer.enrolledCourses.nodes.length).toBeGreaterThanOrEqual(4);
    for (const course of viewer.enrolledCourses.nodes) {
      const row = report.find((r) => r.course.id === course.id)!;
      expect(row, course.slug).toBeTruthy();
      expect(course, course.slug).toEqual({
        id: row.course.id,
        slug: row.course.slug,
        title: row.course.title,
        status: row.status,
        progress: {
          completedLectures: row.completed_lectures,
          totalLectures: row.total_lectures,
          percentComplete: expect.any(Number),
        },
      });
      expect(course.progress.percentComplete).toBe(
        row.total_lectures ? Math.floor((100 * row.completed_lectures) / row.total_lectures) : 0,
      );
    }
  });

  it('gives progress however a query reaches it (edges, aliases, fragments), and the same courses without it (progress is counted only when a query selects it)', async () => {
    const direct = await graphql(
      member,
      '{ viewer { enrolledCourses(first: 50) { nodes { slug progress { completedLectures totalLectures percentComplete } } } } }',
    );
    const expected = direct.viewer.enrolledCourses.nodes;
    const shapes = [
      '{ viewer { enrolledCourses(first: 50) { edges { node { slug progress { completedLectures totalLectures percentComplete } } } } } }',
      '{ viewer { list: enrolledCourses(first: 50) { edges { item: node { slug p: progress { completedLectures totalLectures percentComplete } } } } } }',
      '{ viewer { enrolledCourses(first: 50) { ...Page } } } fragment Page on EnrolledCourseConnection { edges { node { slug ... on EnrolledCourse { ...P } } } } fragment P on EnrolledCourse { progress { completedLectures totalLectures percentComplete } }',
    ];
    for (const query of shapes) {
      const { viewer } = await graphql(member, query);
      const connection = viewer.enrolledCourses ?? viewer.list;
      const nodes = connection.edges.map((edge: any) => {
        const node = edge.node ?? edge.item;
        return { slug: node.slug, progress: node.progress ?? node.p };
      });
      expect(nodes, query).toEqual(expected);
    }
    const without = await graphql(
      member,
      '{ viewer { enrolledCourses(first: 50) { nodes { slug lastWatchedLecture { lectureId } } } } }',
    );
    expect(without.viewer.enrolledCourses.nodes.map((node: any) => node.slug)).toEqual(
      expected.map((node: any) => node.slug),
    );
  });

  it('orders, one per page: number, status, money with currency, items and created time as the admin API reports them', async () => {
    const { nodes, pages, totalCount } = await walk(
      member,
      'orders',
      'id number status subtotal { amount currency } discount { amount currency } tax { amount currency } total { amount currency } couponCode createdAt paidAt items { itemType title quantity unitPrice { amount currency } total { amount currency } }',
    );
    const theirs = (await admin(`orders?person_id=${viewerId}&limit=100`, operator)).data as any[];
    expect(nodes.length).toBe(theirs.length);
    expect(totalCount).toBe(theirs.length);
    expect(pages).toBe(theirs.length);
    expect(new Set(nodes.map((o) => o.id)).size).toBe(nodes.length);
    for (const order of nodes) {
      const kept = theirs.find((o) => o.id === order.id);
      expect(kept, order.number).toBeTruthy();
      expect(order).toEqual({
        id: kept.id,
        number: kept.number,
        status: kept.status,
        subtotal: kept.subtotal,
        discount: kept.discount,
        tax: kept.tax,
        total: kept.total,
        couponCode: kept.coupon_code,
        createdAt: expect.stringMatching(/Z$/),
        paidAt: kept.paid_at === null ? null : expect.stringMatching(/Z$/),
        items: kept.items.map((i: any) => ({
          itemType: i.item_type,
          title: i.title,
          quantity: i.quantity,
          unitPrice: i.unit_price,
          total: i.total,
        })),
      });
      // The same instants, in UTC (DESIGN, Naming: ISO 8601 UTC on every surface).
      expect(Date.parse(order.createdAt)).toBe(Date.parse(kept.created_at));
      if (kept.paid_at) expect(Date.parse(order.paidAt)).toBe(Date.parse(kept.paid_at));
    }
  });

  it("event registrations, one per page: status and the event's title, start and end as the school's events and registrations say", async () => {
    const { nodes, pages, totalCount } = await walk(
      member,
      'eventRegistrations',
      'id status event { id title startsAt endsAt }',
    );
    expect(nodes.length).toBeGreaterThanOrEqual(2);
    expect(totalCount).toBe(nodes.length);
    expect(pages).toBe(nodes.length);
    for (const registration of nodes) {
      const event = await admin(`events/${registration.event.id}`, operator);
      expect(registration.event.title).toBe(event.title);
      expect(Date.parse(registration.event.startsAt)).toBe(Date.parse(event.starts_at));
      expect(Date.parse(registration.event.endsAt)).toBe(Date.parse(event.ends_at));
      const kept = ((await admin(`events/${event.id}/registrations?limit=100`, operator)).data as any[]).find(
        (r) => r.id === registration.id,
      );
      expect(kept, event.title).toMatchObject({ person: { id: viewerId }, status: registration.status });
    }
  });
});
