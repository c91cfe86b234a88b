// Real MCP clients in every mode users run them against one /mcp (DESIGN habit 17): the v2 SDK
// client negotiating (`auto`, which finds 2026-07-28), pinned to 2026-07-28, and in its `legacy`
// mode (the 2025 initialize handshake), and the v1 SDK client. Each lists the tools and calls an
// anonymous, a member and an operator tool, and reads a resource, and the three tiers behave alike
// in every revision: the same tools for the same token, the same answers.
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { unfenced } from '../support/fences.ts';
import { memberToken, operatorToken } from '../support/tokens.ts';

const origin = inject('primaryOrigin');
const mcpUrl = new URL('/mcp', origin);

/** What each mode's client exposes to the test, whatever its SDK. */
type Connected = {
  era: string | undefined;
  listTools(): Promise<string[]>;
  call(name: string, args?: Record<string, unknown>): Promise<{ isError?: boolean; structuredContent?: unknown }>;
  read(uri: string): Promise<string>;
  close(): Promise<void>;
};

const headersOf = (token?: string) => {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  return { requestInit: { headers } };
};

function v2(mode: 'auto' | 'legacy' | { pin: '2026-07-28' }) {
  return async (token?: string): Promise<Connected> => {
    const client = new Client({ name: 'client-modes', version: '1.0.0' }, { versionNegotiation: { mode } });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, headersOf(token)));
    return {
      era: client.getProtocolEra(),
      listTools: async () => (await client.listTools()).tools.map((t) => t.name),
      call: (name, args = {}) => client.callTool({ name, arguments: args }),
      read: async (uri) => {
        const [content] = (await client.readResource({ uri })).contents;
        return content && 'text' in content ? content.text : '';
      },
      close: () => client.close(),
    };
  };
}

async function v1(token?: string): Promise<Connected> {
  const client = new V1Client({ name: 'client-modes', version: '1.0.0' });
  await client.connect(new V1Transport(mcpUrl, headersOf(token)));
  return {
    era: 'legacy',
    listTools: async () => (await client.listTools()).tools.map((t) => t.name),
    // The v1 result type also admits a 2024 `toolResult` shape, which this server never sends.
    call: async (name, args = {}) =>
      (await client.callTool({ name, arguments: args })) as Awaited<ReturnType<Connected['call']>>,
    read: async (uri) => {
      const [content] = (await client.readResource({ uri })).contents;
      return content && 'text' in content ? content.text : '';
    },
    close: () => client.close(),
  };
}

const MODES = [
  ['v2 client, auto (negotiates 2026-07-28)', v2('auto'), 'modern'],
  ['v2 client, pinned to 2026-07-28', v2({ pin: '2026-07-28' }), 'modern'],
  ['v2 client, legacy (2025-11-25 initialize)', v2('legacy'), 'legacy'],
  ['v1 client (2025-11-25 initialize)', v1, 'legacy'],
] as const;

let member: string;
let operator: string;
beforeAll(async () => {
  [member, operator] = await Promise.all([memberToken(origin), operatorToken(origin, 'openid courses:read')]);
});

describe.each(MODES)('%s (MCP 2026-07-28 and 2025-11-25 on one /mcp)', (_name, connect, era) => {
  it(`negotiates the ${era} era; anonymous: the public tools, search_catalog and /llms.txt (/auth.md "Errors": /mcp without a token is anonymous)`, async () => {
    const client = await connect();
    try {
      expect(client.era).toBe(era);
      const tools = await client.listTools();
      expect(tools).toContain('search_catalog');
      expect(tools).not.toContain('my_enrolled_courses');
      expect(tools).not.toContain('list_courses');
      const found = await client.call('search_catalog', { query: 'git' });
      expect(found.isError).toBeFalsy();
      expect(JSON.stringify(found.structuredContent)).toContain('git-essentials');
      expect(unfenced(await client.read(`${origin}/llms.txt`))).toBe(await (await fetch(`${origin}/llms.txt`)).text());
    } finally {
      await client.close();
    }
  });

  it('member token: the member tools, and my_enrolled_courses answers her courses (/auth.md "5. Call the API")', async () => {
    const client = await connect(member);
    try {
      expect(client.era).toBe(era);
      const tools = await client.listTools();
      expect(tools).toEqual(expect.arrayContaining(['my_enrolled_courses', 'my_orders', 'search_catalog']));
      expect(tools).not.toContain('list_courses');
      const courses = await client.call('my_enrolled_courses');
      expect(courses.isError).toBeFalsy();
      expect(JSON.stringify(courses.structuredContent)).toContain('git-essentials');
    } finally {
      await client.close();
    }
  });

  it('operator token: the operator tools its scopes allow, and list_courses answers (docs/agents.md "MCP")', async () => {
    const client = await connect(operator);
    try {
      expect(client.era).toBe(era);
      const tools = await client.listTools();
      expect(tools).toEqual(expect.arrayContaining(['list_courses', 'get_course', 'search_operations']));
      expect(tools).not.toContain('create_course');
      expect(tools).not.toContain('my_enrolled_courses');
      // Other suites add courses meanwhile: the demo course is looked for by name.
      const courses = await client.call('list_courses', { q: 'Git Essentials' });
      expect(courses.isError).toBeFalsy();
      expect(JSON.stringify(courses.structuredContent)).toContain('git-essentials');
    } finally {
      await client.close();
    }
  });
});
