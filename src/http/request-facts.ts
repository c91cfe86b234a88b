// What an operator needs to know about a request once it is answered (docs/operations.md "Reading the logs"): which
// school, which client, which operation, which person. Each surface notes what it learns as it
// learns it (the site resolver, the bearer guard's callers, the OpenAPI dispatcher, the GraphQL
// server, the MCP handler, the page routes); the request log line and the request metrics read
// the facts in one place when the response finishes. Keyed by the request, so nothing leaks
// between requests, and never a credential: ids and names only.
import type { IncomingMessage } from 'node:http';
import type { AuthInfo } from './bearer-guard.ts';

export type RequestFacts = {
  /** The school, by slug and id. */
  school?: string;
  schoolId?: string;
  /** The OAuth client_id the request was made by or for (a token's client, or the one it names). */
  clientId?: string;
  /** OpenAPI operationId, `graphql`, `mcp` or `page <route>`: a bounded set, used as a metric label too. */
  operation?: string;
  /** GraphQL operation name (as the client named it; logs only, never a metric label). */
  graphqlOperation?: string;
  /** MCP JSON-RPC method(s) and tool name(s) of the request's messages. */
  mcpMethod?: string;
  mcpTool?: string;
  personId?: string;
  /** The grant a bearer token belongs to: its use is recorded for "last used" (services/auth/grant-use.ts). */
  grantId?: string;
};

// Kept on the request under a symbol only this module holds (request-context-store.ts says why not a WeakMap).
const FACTS = Symbol('request facts');
type Carrier = { [FACTS]?: RequestFacts };
const known = (req: IncomingMessage): RequestFacts | undefined => (req as unknown as Carrier)[FACTS];

/** Longest value kept: client_id and GraphQL operation names come from the caller. */
const MAX_LENGTH = 200;

export function noteRequest(req: IncomingMessage, learned: RequestFacts): void {
  const noted = known(req) ?? {};
  for (const [key, value] of Object.entries(learned) as Array<[keyof RequestFacts, string | undefined]>) {
    if (typeof value === 'string' && value !== '') noted[key] = value.slice(0, MAX_LENGTH);
  }
  (req as unknown as Carrier)[FACTS] = noted;
}

/** What the bearer guard established: the person, the client and the grant. */
export function noteAuth(req: IncomingMessage, auth: Pick<AuthInfo, 'personId' | 'clientId' | 'grantId'>): void {
  noteRequest(req, { personId: auth.personId, clientId: auth.clientId, grantId: auth.grantId });
}

/** Notes the operation unless a more specific surface already named it. */
export function noteOperationIfUnknown(req: IncomingMessage, operation: string): void {
  if (!known(req)?.operation) noteRequest(req, { operation });
}

export function factsOf(req: IncomingMessage): Readonly<RequestFacts> {
  return known(req) ?? {};
}

// The client a request merely names (query, form body or HTTP Basic user), kept as how to read it:
// only a log line uses it (the metrics do not), and decoding a Basic header on every request cost
// more than a hundredth of an introspection's CPU for a line LOG_LEVEL=warn never writes.
const NAMED_CLIENT = Symbol('the client a request names');
type NamedCarrier = { [NAMED_CLIENT]?: () => string | undefined };

/** Notes where the request names its client, read by clientIdOf when a token's own client is not known. */
export function noteNamedClient(req: IncomingMessage, named: () => string | undefined): void {
  (req as unknown as NamedCarrier)[NAMED_CLIENT] = named;
}

/** The client of a request: its token's (the bearer guard's), else the one it names, capped as every fact. */
export function clientIdOf(req: IncomingMessage): string | undefined {
  const noted = known(req)?.clientId;
  if (noted !== undefined) return noted;
  const named = (req as unknown as NamedCarrier)[NAMED_CLIENT]?.();
  return named ? named.slice(0, MAX_LENGTH) : undefined;
}

/** The client_id a request names in its query or form body, or as the user of HTTP Basic (RFC 6749 2.3.1). */
export function namedClientId(
  query: unknown,
  body: unknown,
  authorization: string | string[] | undefined,
): string | undefined {
  for (const source of [query, body]) {
    const value = (source as Record<string, unknown> | undefined)?.client_id;
    if (typeof value === 'string' && value) return value;
  }
  const basic = typeof authorization === 'string' ? /^Basic +([A-Za-z0-9+/]+=*) *$/i.exec(authorization) : null;
  if (!basic) return undefined;
  // Only the part before the colon: the client_id. The secret after it is never read here.
  const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  try {
    return decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/** The JSON-RPC method(s) of an MCP request, and the tool(s) its tools/call messages name. */
export function jsonRpcFacts(body: unknown): Pick<RequestFacts, 'mcpMethod' | 'mcpTool'> {
  const messages = (Array.isArray(body) ? body : [body]).slice(0, 20) as Array<{
    method?: unknown;
    params?: { name?: unknown };
  } | null>;
  const methods = new Set<string>();
  const tools = new Set<string>();
  for (const message of messages) {
    if (typeof message?.method !== 'string') continue;
    methods.add(message.method);
    if (message.method === 'tools/call' && typeof message.params?.name === 'string') tools.add(message.params.name);
  }
  return { mcpMethod: [...methods].join(',') || undefined, mcpTool: [...tools].join(',') || undefined };
}
