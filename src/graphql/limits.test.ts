// The depth and cost limits as the SDL documents them: standard introspection passes, a nested
// introspection bomb and aliased pages over the budget do not, and fragments cannot hide either.
import { getIntrospectionQuery, parse, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { MAX_COST, MAX_DEPTH, queryLimits } from './limits.ts';
import { buildAccountSchema } from './schema.ts';

const schema = buildAccountSchema();
const check = (query: string, variables: Record<string, unknown> = {}) =>
  validate(schema, parse(query), [...specifiedRules, queryLimits(variables)]).map((e) => ({ message: e.message, limit: e.extensions.limit }));

describe('query limits', () => {
  it("lets graphql-js's full introspection query through (ofType adds no level)", () => {
    expect(check(getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }))).toEqual([]);
  });

  it('lets the largest honest query through: every list at 50', () => {
    const query = `{ viewer { id
      enrolledCourses(first: 50) { nodes { slug lastWatchedLecture { lectureId } progress { percent } } pageInfo { endCursor } totalCount }
      orders(first: 50) { nodes { number items { title total { amount currency } } } }
      eventRegistrations(first: 50) { nodes { event { title } } } } }`;
    expect(check(query)).toEqual([]);
  });

  it(`refuses a document deeper than ${MAX_DEPTH} levels`, () => {
    // graphql-js itself refuses `fields` nested more than 3 times; args in between go 9 deep without that.
    const bomb = '{ __schema { types { fields { args { type { fields { args { type { name } } } } } } } } }';
    expect(check(bomb)).toEqual([{ message: expect.stringContaining(`at most ${MAX_DEPTH}`), limit: 'depth' }]);
  });

  it('counts depth through fragments', () => {
    const query = `{ __schema { ...T } } fragment T on __Schema { types { fields { args { type { fields { args { type { name } } } } } } } }`;
    expect(check(query).map((e) => e.limit)).toEqual(['depth']);
  });

  it(`refuses aliased pages whose firsts add up to more than ${MAX_COST}`, () => {
    const aliases = Array.from({ length: 5 }, (_, i) => `a${i}: enrolledCourses(first: 50) { totalCount }`).join(' ');
    expect(check(`{ viewer { ${aliases} } }`).map((e) => e.limit)).toEqual(['cost']);
    expect(check(`{ viewer { ${aliases.replaceAll('50', '40')} } }`)).toEqual([]);
  });

  it('prices omitted first at the default 20 and variables at their value, or 50 without one', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `a${i}: orders { totalCount }`).join(' ');
    expect(check(`{ viewer { ${ten} } }`)).toEqual([]);
    expect(check(`{ viewer { ${ten} x: orders { totalCount } } }`).map((e) => e.limit)).toEqual(['cost']);
    const byVariable = 'query($n: Int) { viewer { a: orders(first: $n) { totalCount } b: orders(first: $n) { totalCount } c: orders(first: $n) { totalCount } d: orders(first: $n) { totalCount } e: orders(first: $n) { totalCount } } }';
    expect(check(byVariable, { n: 10 })).toEqual([]);
    expect(check(byVariable).map((e) => e.limit)).toEqual(['cost']);
  });

  it('measures a fragment spread many times once, and still counts every spread', () => {
    const query = `{ viewer { ...P ...P ...P ...P ...P } } fragment P on Viewer { orders(first: 41) { totalCount } }`;
    expect(check(query).map((e) => e.limit)).toEqual(['cost']);
  });
});
