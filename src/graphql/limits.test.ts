// The depth and cost limits as the SDL documents them: standard introspection passes, a nested
// introspection bomb and aliased pages over the budget do not, and fragments cannot hide either.
import { getIntrospectionQuery, parse, specifiedRules } from 'graphql';
import { describe, expect, it } from 'vitest';
import { MAX_COST, MAX_DEPTH, MAX_INTROSPECTION_COST, MAX_MUTATION_FIELDS, queryLimits } from './limits.ts';
import { createDocumentCache } from './document-cache.ts';
import { buildAccountSchema } from './schema.ts';

const schema = buildAccountSchema();
// As the server validates: the limits first, then graphql-js's own rules (document-cache.ts).
const { validate } = createDocumentCache();
const check = (query: string, variables: Record<string, unknown> = {}) =>
  validate(schema, parse(query), [...specifiedRules, queryLimits(variables)]).map((e) => ({
    message: e.message,
    limit: e.extensions.limit,
  }));

describe('query limits', () => {
  it("lets graphql-js's full introspection query through (ofType adds no level)", () => {
    expect(
      check(
        getIntrospectionQuery({
          descriptions: true,
          inputValueDeprecation: true,
          specifiedByUrl: true,
          directiveIsRepeatable: true,
          schemaDescription: true,
        }),
      ),
    ).toEqual([]);
  });

  const money = '{ amount currency }';
  const course =
    '{ id slug title expireDate hasLifetimeAccess status enrolledAt lastWatchedLecture { lectureId title positionSeconds } progress { completedLectures totalLectures percentComplete } }';
  const order = `{ id number status subtotal ${money} discount ${money} tax ${money} total ${money} couponCode items { itemType title quantity unitPrice ${money} total ${money} } createdAt paidAt }`;
  const registration = '{ id status registeredAt event { id title startsAt endsAt location onlineUrl } }';
  const pageInfo = 'pageInfo { hasPreviousPage hasNextPage startCursor endCursor } totalCount';
  /** Every field of every list, 50 items each, through `nodes`, `edges` or both. */
  const everything = (count: string, items: (node: string) => string) => `{ viewer { id email name roles
      enrolledCourses(${count}: 50) { ${items(course)} ${pageInfo} }
      orders(${count}: 50) { ${items(order)} ${pageInfo} }
      eventRegistrations(${count}: 50) { ${items(registration)} ${pageInfo} } } }`;
  const nodes = (node: string) => `nodes ${node}`;
  const edges = (node: string) => `edges { cursor node ${node} }`;

  it('lets the largest honest query through: every field of every list at 50, through nodes or edges, first or last', () => {
    expect(check(everything('first', nodes))).toEqual([]);
    expect(check(everything('first', edges))).toEqual([]);
    expect(check(everything('last', edges))).toEqual([]);
  });

  it('prices edges like nodes (Relay Cursor Connections 4.1: an edge per item), so asking for both is over the bound', () => {
    expect(check(everything('first', (node) => `${nodes(node)} ${edges(node)}`)).map((e) => e.limit)).toEqual(['cost']);
    expect(check(everything('last', (node) => `${nodes(node)} ${edges(node)}`)).map((e) => e.limit)).toEqual(['cost']);
  });

  it(`refuses a document deeper than ${MAX_DEPTH} levels`, () => {
    // graphql-js itself refuses `fields` nested more than 3 times; args in between go 9 deep without that.
    const bomb = '{ __schema { types { fields { args { type { fields { args { type { name } } } } } } } } }';
    // Its lists multiply past the introspection bound as well; each limit is reported.
    expect(check(bomb)).toEqual([
      { message: expect.stringContaining(`at most ${MAX_DEPTH}`), limit: 'depth' },
      { message: expect.stringContaining(`at most ${MAX_INTROSPECTION_COST}`), limit: 'introspection' },
    ]);
  });

  it('counts depth through fragments', () => {
    const query = `{ __schema { ...T } } fragment T on __Schema { types { fields { args { type { fields { args { type { name } } } } } } } }`;
    expect(check(query).map((e) => e.limit)).toEqual(['depth', 'introspection']);
  });

  it(`refuses aliased pages over ${MAX_COST}`, () => {
    const aliases = (n: number) =>
      Array.from({ length: n }, (_, i) => `a${i}: enrolledCourses(first: 50) { nodes { slug } }`).join(' ');
    // Each page: 40 (it reads data) + nodes 1 + 50 slugs = 91; the viewer 40.
    expect(check(`{ viewer { ${aliases(43)} } }`)).toEqual([]);
    expect(check(`{ viewer { ${aliases(44)} } }`).map((e) => e.limit)).toEqual(['cost']);
  });

  it('prices omitted first and last at the default 20, and variables at their value, or 50 without one', () => {
    const many = (n: number, first: string) =>
      `{ viewer { ${Array.from({ length: n }, (_, i) => `a${i}: orders${first} { nodes { number } }`).join(' ')} } }`;
    // Each page: 40 + 1 + 20 = 61 at the default (65 pages: 3,965 + 40); 91 by a variable without a value.
    expect(check(many(64, ''))).toEqual([]);
    expect(check(many(66, '')).map((e) => e.limit)).toEqual(['cost']);
    expect(check(`query($n: Int) ${many(43, '(first: $n)')}`, { n: 50 })).toEqual([]);
    expect(check(`query($n: Int) ${many(60, '(first: $n)')}`, { n: 20 })).toEqual([]);
    expect(check(`query($n: Int) ${many(60, '(first: $n)')}`).map((e) => e.limit)).toEqual(['cost']);
    // `last` is priced as `first` is (Relay Cursor Connections 2.1: either bounds the page).
    expect(check(`query($n: Int) ${many(60, '(last: $n)')}`, { n: 20 })).toEqual([]);
    expect(check(`query($n: Int) ${many(60, '(last: $n)')}`).map((e) => e.limit)).toEqual(['cost']);
    expect(check(many(43, '(last: 50)'))).toEqual([]);
    expect(check(many(44, '(last: 50)')).map((e) => e.limit)).toEqual(['cost']);
  });

  it('counts the items of a page, not its pageInfo and totalCount, first times', () => {
    const page = (n: number) =>
      Array.from(
        { length: n },
        (_, i) => `a${i}: orders(first: 50) { pageInfo { hasNextPage endCursor } totalCount }`,
      ).join(' ');
    // Each: 40 + (1 + 40 + 1) + 40 = 122 whatever first is (hasNextPage may read data): 32 pages are 3,904 + 40.
    expect(check(`{ viewer { ${page(32)} } }`)).toEqual([]);
    expect(check(`{ viewer { ${page(33)} } }`).map((e) => e.limit)).toEqual(['cost']);
  });

  it('counts every selected field, aliased or repeated (an alias bomb of scalars is refused)', () => {
    const scalars = (n: number, alias: boolean) =>
      `{ viewer { ${Array.from({ length: n }, (_, i) => (alias ? `a${i}: id` : 'id')).join(' ')} } }`;
    expect(check(scalars(600, true))).toEqual([]);
    expect(check(scalars(MAX_COST - 40, true))).toEqual([]);
    expect(check(scalars(MAX_COST, true)).map((e) => e.limit)).toEqual(['cost']);
    expect(check(scalars(MAX_COST, false)).map((e) => e.limit)).toEqual(['cost']);
    // Fields that read data cost 40: 100 viewers are 4,000 plus their ids.
    const viewers = Array.from({ length: 100 }, (_, i) => `v${i}: viewer { id }`).join(' ');
    expect(check(`{ ${viewers} }`).map((e) => e.limit)).toEqual(['cost']);
  });

  it('counts a fragment at every spread, nested spreads multiplied, inline fragments too', () => {
    const spreads = (name: string, n: number) => Array.from({ length: n }, () => `...${name}`).join(' ');
    // P: 40 + 1 + 41 = 82; 48 spreads are 3,936 + 40.
    expect(
      check(`{ viewer { ${spreads('P', 48)} } } fragment P on Viewer { orders(first: 41) { nodes { number } } }`),
    ).toEqual([]);
    expect(
      check(`{ viewer { ${spreads('P', 49)} } } fragment P on Viewer { orders(first: 41) { nodes { number } } }`).map(
        (e) => e.limit,
      ),
    ).toEqual(['cost']);
    // A fragment on the page's own type: its items still count first times.
    expect(
      check(
        `{ viewer { ${Array.from({ length: 49 }, (_, i) => `o${i}: orders(first: 41) { ...N }`).join(' ')} } } fragment N on OrderConnection { nodes { number } }`,
      ).map((e) => e.limit),
    ).toEqual(['cost']);
    // Twenty spreads of twenty spreads of eleven fields: 4,400 field selections behind 40 spreads.
    const nested = `{ viewer { ${spreads('A', 20)} } } fragment A on Viewer { ${spreads('B', 20)} } fragment B on Viewer { ${'id '.repeat(10)} email }`;
    expect(check(nested.replace(spreads('A', 20), spreads('A', 18)))).toEqual([]);
    expect(check(nested).map((e) => e.limit)).toEqual(['cost']);
    const inline = `{ viewer { ${Array.from({ length: 1400 }, () => '... on Viewer { id email name }').join(' ')} } }`;
    expect(check(inline).map((e) => e.limit)).toEqual(['cost']);
  });

  it("prices introspection lists at the schema's own sizes, so aliases at their leaves are refused", () => {
    const leaves = (n: number) => Array.from({ length: n }, (_, i) => `a${i}: name`).join(' ');
    expect(check(`{ __schema { types { fields { ${leaves(10)} } } } }`)).toEqual([]);
    expect(check(`{ __schema { types { fields { type { ofType { fields { ${leaves(300)} } } } } } } }`)).toEqual([
      { message: expect.stringContaining(`at most ${MAX_INTROSPECTION_COST}`), limit: 'introspection' },
    ]);
    const copies = Array.from(
      { length: 3 },
      (_, i) => `s${i}: __schema { types { fields { args { type { name } } } } }`,
    ).join(' ');
    expect(check(`{ ${copies} }`)).toEqual([]);
    const many = Array.from(
      { length: 40 },
      (_, i) => `s${i}: __schema { types { fields { args { type { name kind } } } } }`,
    ).join(' ');
    expect(check(`{ ${many} }`).map((e) => e.limit)).toEqual(['introspection']);
  });

  it(`refuses more than ${MAX_MUTATION_FIELDS} mutation fields in one request, fragments included`, () => {
    const mutation = (n: number) =>
      Array.from({ length: n }, (_, i) => `m${i}: cancelEventRegistration(eventId: "e") { id }`).join(' ');
    expect(check(`mutation { ${mutation(MAX_MUTATION_FIELDS)} }`)).toEqual([]);
    expect(check(`mutation { ${mutation(MAX_MUTATION_FIELDS + 1)} }`).map((e) => e.limit)).toEqual(['mutations']);
    expect(check(`mutation { ...M ...M } fragment M on Mutation { ${mutation(6)} }`).map((e) => e.limit)).toEqual([
      'mutations',
    ]);
  });
});
