// The bounds of one GraphQL request (/auth.md "Request bounds"): graphql/document-cache.ts reads the
// query text within the first two, graphql/limits.ts validates the document within the rest, and
// /auth.md prints them all, so they live below both.

/** The largest query text read (UTF-8 bytes); graphql-js's full introspection query is about 2 KB. */
export const MAX_QUERY_BYTES = 32 * 1024;
/** Lexical tokens parsed at most (graphql-armor's default); the full introspection query has under 200. */
export const MAX_TOKENS = 1000;

/** Depth of a selection, fragments expanded. */
export const MAX_DEPTH = 8;
/** Every field of every list at 50 (graphql/limits.test.ts) costs about 3,000; so at most 100 fields that read data. */
export const MAX_COST = 4000;
/** A field with a resolver of its own reads the database (or writes it): it costs this much, any other field 1. */
export const RESOLVED_FIELD_COST = 40;
/**
 * Introspection reads no data but its lists multiply (a type's fields, a field's args, ...): it is
 * priced apart, each of its lists at the true longest list of this schema. graphql-js's full
 * introspection query (every option) is priced at about 84,000 here (the four paging arguments of
 * each list make `args` 4 long); aliases at its leaves multiply that.
 */
export const MAX_INTROSPECTION_COST = 100_000;
/** Root fields of one mutation operation: each is a write, run one after another (GraphQL spec 6.2.2). */
export const MAX_MUTATION_FIELDS = 10;
