// The tool list an agent can afford (docs/agents.md "MCP"): for every kind of token, tools/list holds at
// most 40 tools and 40 KB of JSON, what popular MCP clients cap or pay on every turn, while every
// admin operation the token may call stays reachable through search_operations. Prints the figures.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { OPERATOR_SCOPES } from '../../src/services/auth/scopes.ts';
import { CLIENTS, ACCOUNTS } from '../support/accounts.ts';
import { memberToken, operatorToken } from '../support/tokens.ts';
import { connect } from './mcp-client.ts';
import * as oauth from 'oauth4webapi';
import { authorizeInBrowser, discover, exchangeCode } from '../support/oauth-flow.ts';

const origin = inject('primaryOrigin');
const MAX_TOOLS = 40;
const MAX_BYTES = 40 * 1024;

/** What a CRM integration asks for: courses, students and enrolments, orders, revenue. */
export const DEMO_CRM_SCOPES = 'courses:read students:read students:write orders:read analytics:read';

/** A token of the Demo CRM vendor integration (README "Demo OAuth clients"), as an owner grants it. */
async function demoCrmToken(): Promise<string> {
  const as = await discover(origin);
  const client: oauth.Client = { client_id: CLIENTS.vendorClientId, token_endpoint_auth_method: 'none' };
  const callback = 'https://crm.example.test/oauth/callback';
  const outcome = await authorizeInBrowser(as, {
    clientId: client.client_id,
    redirectUri: callback,
    scope: DEMO_CRM_SCOPES,
    email: ACCOUNTS.owner,
  });
  return (await exchangeCode(as, client, oauth.None(), outcome, callback)).access_token;
}

const TOKENS: Array<[string, () => Promise<string | undefined>]> = [
  ['anonymous', async () => undefined],
  ['member (account:read account:write)', () => memberToken(origin, 'openid account:read account:write')],
  ['Demo CRM', demoCrmToken],
  ['all operator scopes', () => operatorToken(origin, OPERATOR_SCOPES.join(' '))],
];

describe('tools/list fits an agent for every token (docs/agents.md "MCP"; MCP 2025-11-25 tools)', () => {
  const clients: Client[] = [];
  afterAll(async () => Promise.all(clients.map((c) => c.close())));

  it.each(TOKENS)(`%s: at most ${MAX_TOOLS} tools and ${MAX_BYTES} bytes of JSON`, async (kind, token) => {
    const client = await connect(origin, await token());
    clients.push(client);
    const result = await client.listTools();
    const bytes = Buffer.byteLength(JSON.stringify(result));
    console.info(`tools/list ${kind}: ${result.tools.length} tools, ${bytes} bytes`);
    expect(result.tools.length).toBeLessThanOrEqual(MAX_TOOLS);
    expect(bytes).toBeLessThanOrEqual(MAX_BYTES);
    expect(result.nextCursor).toBeUndefined();
  });
});
