import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  clientIdOf,
  factsOf,
  jsonRpcFacts,
  namedClientId,
  noteAuth,
  noteNamedClient,
  noteOperationIfUnknown,
  noteRequest,
} from './request-facts.ts';

const basic = (user: string, secret: string) => `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;

describe('request facts for logs and metrics (docs/operations.md "Reading the logs")', () => {
  it('names the client from the query, the form body, or the user of HTTP Basic, never reading the secret (RFC 6749 2.3.1)', () => {
    expect(namedClientId({ client_id: 'from-query' }, undefined, undefined)).toBe('from-query');
    expect(namedClientId({}, { client_id: 'from-body' }, undefined)).toBe('from-body');
    const named = namedClientId({}, {}, basic(encodeURIComponent('app:1'), 's3cret-value'));
    expect(named).toBe('app:1');
    expect(namedClientId({}, {}, 'Bearer abc')).toBeUndefined();
    expect(namedClientId({}, {}, `Basic ${Buffer.from('no-colon').toString('base64')}`)).toBeUndefined();
  });

  it("keeps what each surface learns, the bearer guard's person, client and grant, and caps caller-chosen text", () => {
    const req = {} as IncomingMessage;
    noteRequest(req, { school: 'demo-academy', operation: 'list_courses' });
    noteAuth(req, { personId: 'p1', clientId: 'c1', grantId: 'g1' });
    noteOperationIfUnknown(req, 'unmatched');
    noteRequest(req, { graphqlOperation: 'x'.repeat(1000) });
    expect(factsOf(req)).toMatchObject({
      school: 'demo-academy',
      operation: 'list_courses',
      personId: 'p1',
      clientId: 'c1',
      grantId: 'g1',
    });
    expect(factsOf(req).graphqlOperation).toHaveLength(200);
    expect(factsOf({} as IncomingMessage)).toEqual({});
  });

  it("names a request's client by its token's client first, else by the client it names, read only when asked", () => {
    let reads = 0;
    const named = () => (reads++, 'named-' + 'x'.repeat(300));
    const anonymous = {} as IncomingMessage;
    noteNamedClient(anonymous, named);
    expect(reads).toBe(0);
    expect(clientIdOf(anonymous)).toBe(('named-' + 'x'.repeat(300)).slice(0, 200));
    expect(reads).toBe(1);
    const withToken = {} as IncomingMessage;
    noteAuth(withToken, { personId: 'p1', clientId: 'token-client', grantId: 'g1' });
    noteNamedClient(withToken, named);
    expect(clientIdOf(withToken)).toBe('token-client');
    expect(reads).toBe(1);
    expect(clientIdOf({} as IncomingMessage)).toBeUndefined();
  });

  it('reads the MCP methods and tool names of a message or a batch', () => {
    expect(
      jsonRpcFacts({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_catalog', arguments: {} } }),
    ).toEqual({ mcpMethod: 'tools/call', mcpTool: 'search_catalog' });
    expect(
      jsonRpcFacts([
        { method: 'tools/list' },
        { method: 'tools/call', params: { name: 'a' } },
        { method: 'tools/call', params: { name: 'b' } },
      ]),
    ).toEqual({ mcpMethod: 'tools/list,tools/call', mcpTool: 'a,b' });
    expect(jsonRpcFacts('not json-rpc')).toEqual({ mcpMethod: undefined, mcpTool: undefined });
  });
});
