// The GraphQL document cache (document-cache.ts): same answers as graphql-js, less work.
import { describe, expect, it } from 'vitest';
import { GraphQLError, type ValidationRule } from 'graphql';
import { createDocumentCache } from './document-cache.ts';
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
});
