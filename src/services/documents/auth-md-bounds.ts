// The request bounds section of /auth.md ("no request can stall an instance"):
// what one request may ask for on each surface and how a request over a bound is answered. The
// figures are the constants the code enforces, so the document cannot drift from them.
import {
  MAX_COST,
  MAX_DEPTH,
  MAX_INTROSPECTION_COST,
  MAX_MUTATION_FIELDS,
  RESOLVED_FIELD_COST,
  MAX_QUERY_BYTES,
  MAX_TOKENS,
} from '../../lib/graphql-bounds.ts';
import { BODY_LIMIT_BYTES } from '../../lib/body-limit.ts';
import { HASH_CONCURRENCY, HASH_MAX_WAIT_MS, HASH_QUEUE } from '../../lib/password-hash.ts';
import { MAX_BATCH_MESSAGES, MAX_BATCH_TOOL_CALLS } from '../../lib/batch-limit.ts';

const n = (value: number) => value.toLocaleString('en-US');

export const AUTH_BOUNDS_SECTION = `## Request bounds

No single request may tie up an instance: a request over one of these bounds is refused before
the work starts, in its surface's own error shape.

| Surface | Bound | Answer |
|---|---|---|
| Every body | ${n(BODY_LIMIT_BYTES)} bytes | \`413\` |
| \`/account/graphql\` | Query text: ${n(MAX_QUERY_BYTES)} bytes and ${n(MAX_TOKENS)} lexical tokens (parsing stops at the budget) | \`GRAPHQL_PARSE_FAILED\`, \`extensions.limit\` \`bytes\` or \`tokens\` |
| \`/account/graphql\` | Depth ${MAX_DEPTH}; cost ${n(MAX_COST)}: every selected field counts, aliases and repeats included, a fragment at each spread, ${RESOLVED_FIELD_COST} for a field that reads data and 1 for any other, a list's items \`first\` times; introspection ${n(MAX_INTROSPECTION_COST)} (its lists at this schema's longest); ${MAX_MUTATION_FIELDS} mutation fields a request | \`GRAPHQL_VALIDATION_FAILED\`, \`extensions.limit\` \`depth\`, \`cost\`, \`introspection\` or \`mutations\`, \`extensions.max\` the bound |
| \`/mcp\` | A JSON-RPC batch: ${MAX_BATCH_MESSAGES} messages, ${MAX_BATCH_TOOL_CALLS} of them \`tools/call\` (each also counts against *mcp tool calls per token*) | \`400\`, JSON-RPC error \`-32600\`, \`id\` null |
| Admin API | Arrays in a body: the \`maxItems\` of the OpenAPI document (a reorder names at most 1,000 ids) | \`400\` problem details |
| Sign-in | Password checks: ${HASH_CONCURRENCY} at once on this instance (one fewer than its cores, at most 2), ${HASH_QUEUE} waiting, each for at most ${HASH_MAX_WAIT_MS / 1000} seconds | \`503\` sign-in page with \`Retry-After\` |

GraphQL request errors are HTTP \`400\` with \`Accept: application/graphql-response+json\` and \`200\`
with \`application/json\` (GraphQL over HTTP); the member data API's SDL describes the cost in full.
`;
