// Text holding U+0000 in tool arguments is a tool error naming the argument (MCP 2025-11-25 Tools,
// Error Handling: input errors are isError results), found before the tool runs: the database
// cannot store the character (src/lib/nul-text.ts), and it used to surface as "failed unexpectedly".
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { operatorToken } from '../support/tokens.ts';
import { call, connect, textOf } from './mcp-client.ts';

const origin = inject('primaryOrigin');
const NUL_DETAIL = 'must not contain the character U+0000 (NUL)';

describe('MCP tool arguments with U+0000 (MCP 2025-11-25 Tools, Error Handling)', () => {
  let anonymous: Client;
  let operator: Client;
  beforeAll(async () => {
    anonymous = await connect(origin);
    operator = await connect(origin, await operatorToken(origin, 'courses:read courses:write'));
  });
  afterAll(async () => {
    await anonymous?.close();
    await operator?.close();
  });

  it('a catalog tool answers isError naming the argument', async () => {
    const result = await call(anonymous, 'search_catalog', { query: 'py\u0000thon' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(`Invalid arguments for search_catalog: query: ${NUL_DETAIL}`);
  });

  it('an admin operation tool answers isError naming the argument, and creates nothing', async () => {
    const title = `Nul tool course ${Date.now()}`;
    const result = await call(operator, 'create_course', { title: `${title}\u0000` });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(`Invalid arguments for create_course: title: ${NUL_DETAIL}`);
    const listed = await call<{ result?: unknown; data?: Array<{ title: string }> }>(operator, 'list_courses', {
      q: title,
    });
    expect(listed.isError).toBeFalsy();
    expect(JSON.stringify(listed.structuredContent)).not.toContain(title);
  });
});
