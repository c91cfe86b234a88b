// The GraphQL document cache (document-cache.ts): same answers as graphql-js, less work.
import { describe, expect, it } from 'vitest';
import { GraphQLError, specifiedRules, type ValidationRule } from 'graphql';
import { createDocumentCache, MAX_QUERY_BYTES, MAX_TOKENS } from './document-cache.ts';
import { buildAccountSchema } from './schema.ts';

const schema = buildAccountSchema();

describe('GraphQL document cache', () => {
  it('parses a query text once, and still throws a syntax error every time (GraphQL spec 2: Language)', () => {
    const cache = createDocumentCache();
    expect(cache.parse('{ viewer { id } }')).toBe(cache.parse('{ viewer { id } }'));
    expect(() => cache.parse('{ viewer {')).toThrow(GraphQLError);
    expect(() => cache.parse('{ viewer {')).toThrow(GraphQLError);
  });

  it('refuses a document the specified rules refuse, every time (GraphQL spec 5: Validation)', () => {
    const cache = createDocumentCache();
    const document = cache.parse('{ viewer { noSuchField } }');
    expect(cache.validate(schema, document, [])[0]?.message).toMatch(/noSuchField/);
    expect(cache.validate(schema, document, [])[0]?.message).toMatch(/noSuchField/);
  });

  it('runs the request-specific rules (depth and cost from the variables) on every request', () => {
    const cache = createDocumentCache();
    const document = cache.parse('query ($n: Int) { viewer { enrolledCourses(first: $n) { nodes { slug } } } }');
    let runs = 0;
    const counting: ValidationRule = () => ({ Document: () => void (runs += 1) });
    cache.validate(schema, document, [counting]);
    cache.validate(schema, document, [counting]);
    expect(runs).toBe(2);
  });

  it('judges a document without variables once by its own rules too; one with variables on every request', () => {
    let runs = 0;
    const cache = createDocumentCache(() => [() => ({ Document: () => void (runs += 1) })]);
    const judge = (query: string, variables: Record<string, unknown>) => {
      const document = cache.parse(query);
      return cache.validate(schema, document, cache.validationRules(variables, specifiedRules));
    };
    expect(judge('{ viewer { id } }', {})).toEqual([]);
    expect(judge('{ viewer { id } }', { n: 1 })).toEqual([]);
    expect(runs).toBe(1);
    // A variable anywhere (here only in a fragment) lets the request's values change the verdict.
    const withVariable =
      'query ($n: Int) { viewer { ...V } } fragment V on Viewer { enrolledCourses(first: $n) { nodes { slug } } }';
    judge(withVariable, { n: 1 });
    judge(withVariable, { n: 2 });
    expect(runs).toBe(3);
    // Rules the caller brings itself are never taken as judged.
    let foreign = 0;
    const document = cache.parse('{ viewer { email } }');
    cache.validate(schema, document, [() => ({ Document: () => void (foreign += 1) })]);
    cache.validate(schema, document, [() => ({ Document: () => void (foreign += 1) })]);
    expect(foreign).toBe(2);
  });

  it('refuses a text over the byte budget unread, and stops parsing at the token budget', () => {
    const cache = createDocumentCache();
    const refusal = (query: string) => {
      try {
        cache.parse(query);
      } catch (error) {
        return (error as GraphQLError).extensions;
      }
      return undefined;
    };
    expect(refusal(`{ viewer { id } } # ${'x'.repeat(MAX_QUERY_BYTES)}`)).toEqual({
      code: 'GRAPHQL_PARSE_FAILED',
      limit: 'bytes',
      max: MAX_QUERY_BYTES,
    });
    // Multi-byte characters count as their UTF-8 bytes.
    expect(refusal(`{ viewer { id } } # ${'\u00e9'.repeat(MAX_QUERY_BYTES / 2)}`)).toMatchObject({ limit: 'bytes' });
    expect(refusal(`{ viewer { ${'id '.repeat(MAX_TOKENS)} } }`)).toEqual({
      code: 'GRAPHQL_PARSE_FAILED',
      limit: 'tokens',
      max: MAX_TOKENS,
    });
    expect(refusal(`{ viewer { ${'id '.repeat(MAX_TOKENS - 10)} } }`)).toBeUndefined();
  });

  it("runs the request's own rules before graphql-js's, and skips those when one refuses", () => {
    const cache = createDocumentCache();
    const document = cache.parse('{ viewer { id } }');
    let specifiedRan = false;
    const refuse: ValidationRule = (context) => ({
      Document: () => context.reportError(new GraphQLError('over a limit')),
    });
    const spy: ValidationRule = () => ({ Document: () => void (specifiedRan = true) });
    expect(cache.validate(schema, document, [refuse]).map((e) => e.message)).toEqual(['over a limit']);
    expect(specifiedRan).toBe(false);
    expect(cache.validate(schema, document, [spy])).toEqual([]);
    expect(specifiedRan).toBe(true);
  });
});
