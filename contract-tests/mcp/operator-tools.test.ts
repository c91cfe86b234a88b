// The operator surface of /mcp (docs/agents.md "MCP"): the core admin operations as direct tools with flat
// arguments, and every other operation the token's scopes allow through search_operations,
// describe_operation and call_operation, run by the REST handler. Nothing a token may not call is
// listed, found or called; calling it is the step-up challenge.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { operations } from '../../generated/openapi/operations.ts';
import { memberToken, operatorToken } from '../support/tokens.ts';
import { call, connect, rpc, textOf, toolsCall } from './mcp-client.ts';

const origin = inject('primaryOrigin');
type Page<T> = { data: T[]; next_cursor: string | null };
type Found = { name: string; required_scopes: string[]; annotations: { readOnlyHint: boolean } };

const snake = (id: string) => id.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

async function searchAll(client: Client, args: Record<string, unknown> = {}): Promise<Found[]> {
  const found: Found[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 30; page++) {
    const result = await call<Page<Found>>(client, 'search_operations', {
      limit: 50,
      ...args,
      ...(cursor ? { cursor } : {}),
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    found.push(...result.structuredContent.data);
    if (!result.structuredContent.next_cursor) return found;
    cursor = result.structuredContent.next_cursor;
  }
  throw new Error('search_operations never reached its last page');
}

describe('MCP operator tools: core direct tools and the operation catalogue (MCP 2025-11-25 tools)', () => {
  let reader: Client;
  let readToken: string;
  beforeAll(async () => {
    readToken = await operatorToken(origin, 'courses:read');
    reader = await connect(origin, readToken);
  });
  afterAll(async () => reader?.close());

  it('lists the direct tools the token has scopes for, snake_case with flat arguments, and the catalogue tools', async () => {
    const { tools } = await reader.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'list_courses',
        'get_course',
        'search_operations',
        'describe_operation',
        'call_operation',
      ]),
    );
    expect(names).not.toContain('create_course');
    for (const name of names) expect(name).toMatch(/^[a-z][a-z0-9_]*$/);
    const listCourses = tools.find((t) => t.name === 'list_courses')!;
    expect(listCourses.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(listCourses.inputSchema.properties).toHaveProperty('limit');
    expect(listCourses.inputSchema.properties).not.toHaveProperty('query');
    expect(listCourses.outputSchema?.properties).toHaveProperty('data');
  });

  it('search_operations finds exactly the admin operations the token has scopes for', async () => {
    const expected = Object.entries(operations)
      .filter(([, op]) => op.path.startsWith('/api/v1/') && !op.public && op.scopes.length > 0)
      .filter(([, op]) => (op.scopes as readonly string[]).every((s) => s === 'courses:read'))
      .map(([id]) => snake(id));
    const found = await searchAll(reader);
    expect(found.map((f) => f.name).sort()).toEqual(expected.sort());
    for (const f of found) expect(f.required_scopes).toEqual(['courses:read']);
  });

  it('list_courses and get_course return what the REST API returns, and say what to call next', async () => {
    const list = await call<Page<{ id: string }>>(reader, 'list_courses', { limit: 2 });
    expect(list.isError).toBeFalsy();
    expect(list.structuredContent.data).toHaveLength(2);
    expect(textOf(list)).toContain(`ids: ${list.structuredContent.data[0]!.id}`);
    expect(textOf(list)).toContain(`call list_courses with cursor "${list.structuredContent.next_cursor}"`);
    const rest = await (
      await fetch(`${origin}/api/v1/courses/${list.structuredContent.data[0]!.id}`, {
        headers: { Authorization: `Bearer ${readToken}` },
      })
    ).json();
    const one = await call(reader, 'get_course', { course_id: list.structuredContent.data[0]!.id });
    expect(one.structuredContent).toEqual(rest);
    const via = await call(reader, 'call_operation', {
      operation: 'get_course',
      arguments: { course_id: list.structuredContent.data[0]!.id },
    });
    expect(via.structuredContent).toEqual(rest);
  });

  it("another school's object reads as the REST 404, as a tool error", async () => {
    const result = await call(reader, 'get_course', { course_id: '00000000-0000-7000-8000-000000000000' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/404/);
  });

  it('invalid arguments are a tool error naming the field; an unknown one names the arguments there are', async () => {
    const result = await call(reader, 'list_courses', { limit: 1000 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/limit/);
    const nested = await call(reader, 'list_courses', { query: { limit: 2 } });
    expect(textOf(nested)).toMatch(/query: unknown argument \(the arguments are: limit, cursor/);
    const viaCatalogue = await call(reader, 'call_operation', { operation: 'list_courses', arguments: { size: 2 } });
    expect(textOf(viaCatalogue)).toMatch(/size: unknown argument \(the arguments are: limit, cursor/);
  });

  it('calling a tool or an operation whose scope the token lacks is 403 insufficient_scope naming it (MCP step-up; RFC 6750 3.1)', async () => {
    for (const body of [
      toolsCall('create_course', { title: 'x' }),
      toolsCall('call_operation', { operation: 'delete_course', arguments: {} }),
    ]) {
      const response = await rpc(origin, body, { authorization: `Bearer ${readToken}` });
      expect(response.status).toBe(403);
      expect(response.headers.get('www-authenticate')).toMatch(/scope="[^"]*courses:write/);
    }
    const describe = await call(reader, 'describe_operation', { operation: 'delete_course' });
    expect(describe.isError).toBe(true);
    expect(textOf(describe)).toContain('search_operations lists them');
  });

  it('with courses:write the tool creates through the REST handler (drafts by default); call_operation deletes', async () => {
    const writer = await connect(origin, await operatorToken(origin, 'courses:read courses:write'));
    const created = await call<{ id: string; status: string }>(writer, 'create_course', {
      title: `MCP course ${Date.now()}`,
    });
    expect(created.isError).toBeFalsy();
    expect(created.structuredContent.status).toBe('draft');
    expect(textOf(created)).toContain(`id ${created.structuredContent.id}, status draft. Pass it as course_id`);
    const removed = await call(writer, 'call_operation', {
      operation: 'delete_course',
      arguments: { course_id: created.structuredContent.id },
    });
    expect(removed.structuredContent).toEqual({ ok: true });
    expect(textOf(removed)).toContain(
      `Done: Delete a course that nobody is enrolled in (${created.structuredContent.id})`,
    );
    await writer.close();
  });

  it('a member token sees no admin tool', async () => {
    const member = await connect(origin, await memberToken(origin, 'openid account:read'));
    const names = (await member.listTools()).tools.map((t) => t.name);
    expect(names).not.toContain('list_courses');
    expect(names).not.toContain('search_operations');
    await member.close();
  });
});
