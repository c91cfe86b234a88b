// Compiled execution (compiled-execution.ts) must answer exactly as graphql-js's execute does:
// the same data, and errors of the same shape (message, locations, path, extensions, original
// error), since errors.ts decides what a client sees from those.
import { describe, expect, it } from 'vitest';
import { buildSchema, execute, GraphQLError, parse, type ExecutionArgs, type ExecutionResult } from 'graphql';
import { createCompiledExecutor } from './compiled-execution.ts';

const schema = buildSchema(`
  type Item { id: ID! name: String! }
  type Query { items(first: Int!): [Item!]! broken: String refused: String }
  type Mutation { touch(id: ID!): Item }
`);
const items = [
  { id: '1', name: 'one' },
  { id: '2', name: 'two' },
];
const rootValue = {
  items: ({ first }: { first: number }) => Promise.resolve(items.slice(0, first)),
  broken: () => {
    throw new Error('database down');
  },
  refused: () => {
    throw new GraphQLError('not yours', { extensions: { code: 'FORBIDDEN' } });
  },
  touch: ({ id }: { id: string }) => items.find((i) => i.id === id) ?? null,
};

/** What a client and errors.ts can see of a result. */
function visible(result: ExecutionResult) {
  return {
    data: result.data,
    errors: result.errors?.map((e) => ({
      message: e.message,
      locations: e.locations,
      path: e.path,
      extensions: e.extensions,
      original: e.originalError?.message,
      isGraphQLError: e instanceof GraphQLError,
    })),
  };
}

async function both(query: string, variableValues?: Record<string, unknown>, operationName?: string) {
  const args: ExecutionArgs = { schema, document: parse(query), rootValue, variableValues, operationName };
  const compiled = createCompiledExecutor();
  return { jit: visible(await compiled(args)), js: visible(await execute(args)) };
}

describe('compiled execution answers as graphql-js does', () => {
  it('returns the same data for a query with variables and aliases (GraphQL spec 6: Execution)', async () => {
    const { jit, js } = await both('query Q($n: Int!) { a: items(first: $n) { id name } b: items(first: 1) { id } }', {
      n: 2,
    });
    expect(jit).toEqual(js);
    expect(jit.data).toEqual({ a: items, b: [{ id: '1' }] });
  });

  it('gives resolver errors the same message, location, path, extensions and original error (spec 7.1.2)', async () => {
    const { jit, js } = await both('{ broken refused items(first: 1) { id } }');
    expect(jit).toEqual(js);
    expect(jit.errors?.map((e) => e.extensions)).toEqual([{}, { code: 'FORBIDDEN' }]);
  });

  it('refuses variables that do not coerce the same way, without a path (spec 6.1.2)', async () => {
    const { jit, js } = await both('query Q($n: Int!) { items(first: $n) { id } }', { n: 'many' });
    expect(jit.data).toBeUndefined();
    expect(jit.errors?.map((e) => [e.path, e.isGraphQLError, e.extensions])).toEqual(
      js.errors?.map((e) => [e.path, e.isGraphQLError, e.extensions]),
    );
  });

  it('runs the named operation of a document with several, and falls back to graphql-js for an unknown name', async () => {
    const document = 'query A { items(first: 1) { id } } mutation B { touch(id: "2") { name } }';
    const named = await both(document, {}, 'B');
    expect(named.jit).toEqual(named.js);
    expect(named.jit.data).toEqual({ touch: { name: 'two' } });
    const unknown = await both(document, {}, 'C');
    expect(unknown.jit).toEqual(unknown.js);
  });
});
