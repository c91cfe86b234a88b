// Every admin operation is also an MCP tool for operator tokens, generated from the OpenAPI
// document and run by the REST handler (one per operationId): listed only when the token
// holds its scopes, refused with the step-up challenge otherwise.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { operations } from '../../generated/openapi/operations.ts';
import { memberToken, operatorToken } from '../support/tokens.ts';
import { call, connect, rpc, textOf, toolsCall } from './mcp-client.ts';

const origin = inject('primaryOrigin');

describe('MCP operator tools (one per admin operation, gated by its scopes)', () => {
  let reader: Client;
  let readToken: string;
  beforeAll(async () => {
    readToken = await operatorToken(origin, 'courses:read');
    reader = await connect(origin, readToken);
  });
  afterAll(async () => reader?.close());

  it('lists exactly the admin operations the token has scopes for, with their schemas and annotations', async () => {
    const { tools } = await reader.listTools();
    const names = tools.map((t) => t.name);
    const expected = Object.entries(operations)
      .filter(
        ([, op]) =>
          op.path.startsWith('/api/v1/') &&
          !op.public &&
          (op.scopes as readonly string[]).every((s) => s === 'courses:read'),
      )
      .map(([id]) => id);
    for (const id of expected) expect(names).toContain(id);
    expect(names).not.toContain('createCourse');
    const listCourses = tools.find((t) => t.name === 'listCourses')!;
    expect(listCourses.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(listCourses.inputSchema.properties).toHaveProperty('query');
    expect(listCourses.outputSchema?.properties).toHaveProperty('data');
  });

  it('listCourses and getCourse return what the REST API returns', async () => {
    const list = await call<{ data: Array<{ id: string; title: string }>; next_cursor: string | null }>(
      reader,
      'listCourses',
      { query: { limit: 2 } },
    );
    expect(list.isError).toBeFalsy();
    expect(list.structuredContent.data).toHaveLength(2);
    const rest = await (
      await fetch(`${origin}/api/v1/courses/${list.structuredContent.data[0]!.id}`, {
        headers: { Authorization: `Bearer ${readToken}` },
      })
    ).json();
    const one = await call(reader, 'getCourse', { path: { course_id: list.structuredContent.data[0]!.id } });
    expect(one.structuredContent).toEqual(rest);
  });

  it("another school's object reads as the REST 404, as a tool error", async () => {
    const result = await call(reader, 'getCourse', { path: { course_id: '00000000-0000-7000-8000-000000000000' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/404/);
  });

  it('invalid arguments are a tool error naming the field', async () => {
    const result = await call(reader, 'listCourses', { query: { limit: 1000 } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/limit/);
  });

  it('calling a tool whose scope the token lacks is 403 insufficient_scope naming it (MCP step-up; RFC 6750 3.1)', async () => {
    const response = await rpc(origin, toolsCall('createCourse', { body: { title: 'x' } }), {
      authorization: `Bearer ${readToken}`,
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toContain('scope="courses:write"');
  });

  it('with courses:write the tool creates through the REST handler (drafts by default)', async () => {
    const writer = await connect(origin, await operatorToken(origin, 'courses:read courses:write'));
    const created = await call<{ id: string; status: string }>(writer, 'createCourse', {
      body: { title: `MCP course ${Date.now()}` },
    });
    expect(created.isError).toBeFalsy();
    expect(created.structuredContent.status).toBe('draft');
    const removed = await call(writer, 'deleteCourse', { path: { course_id: created.structuredContent.id } });
    expect(removed.structuredContent).toEqual({ ok: true });
    await writer.close();
  });

  it('a member token sees no admin tool', async () => {
    const member = await connect(origin, await memberToken(origin, 'openid account:read'));
    const names = (await member.listTools()).tools.map((t) => t.name);
    expect(names).not.toContain('listCourses');
    await member.close();
  });
});
