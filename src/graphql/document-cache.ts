// Parsing and validating the same query text again on every request was a quarter of a GraphQL
// request's CPU (bench/ANALYSIS.md 6); clients send a handful of distinct documents. graphql-js
// documents are immutable, so one parsed document and its verdict under the specified rules can
// serve every request with that text. The depth and cost rules depend on the variables and still
// run per request, on documents that passed the specified rules.
import { LRUCache } from 'lru-cache';
import { parse, specifiedRules, validate, type DocumentNode, type GraphQLError, type GraphQLSchema, type Source, type ValidationRule } from 'graphql';

/** Distinct documents remembered; longer texts are parsed per request (they are rare and costly to keep). */
const MAX_DOCUMENTS = 500;
const MAX_CACHED_QUERY_LENGTH = 20_000;

export function createDocumentCache() {
  const documents = new LRUCache<string, DocumentNode>({ max: MAX_DOCUMENTS });
  const specifiedVerdicts = new WeakMap<DocumentNode, readonly GraphQLError[]>();

  return {
    /** graphql-http's `parse`: a syntax error throws as graphql-js's own does. */
    parse(query: string | Source): DocumentNode {
      if (typeof query !== 'string' || query.length > MAX_CACHED_QUERY_LENGTH) return parse(query);
      let document = documents.get(query);
      if (!document) {
        document = parse(query);
        documents.set(query, document);
      }
      return document;
    },
    /** graphql-http's `validate`: the specified rules once per document, the others every time. */
    validate(schema: GraphQLSchema, document: DocumentNode, rules: readonly ValidationRule[] = specifiedRules): readonly GraphQLError[] {
      let verdict = specifiedVerdicts.get(document);
      if (!verdict) {
        verdict = validate(schema, document, specifiedRules);
        specifiedVerdicts.set(document, verdict);
      }
      if (verdict.length) return verdict;
      const others = rules.filter((rule) => !specifiedRules.includes(rule));
      return others.length ? validate(schema, document, others) : [];
    },
  };
}
