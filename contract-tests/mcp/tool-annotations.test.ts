// Tool annotations set truthfully (each tool has a JSON Schema input with descriptions,
// an output schema, and the annotations readOnlyHint, destructiveHint, idempotentHint set
// truthfully; MCP 2025-11-25 Tools, ToolAnnotations), read through the official SDK client:
// the operator tools against what the OpenAPI document says of their operations, the member tools
// against what the SDL says of the same writes.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { operations } from '../../generated/openapi/operations.ts';
import { OPERATOR_SCOPES } from '../../src/services/auth/scopes.ts';
import { memberToken, operatorToken } from '../support/tokens.ts';
import { connect } from './mcp-client.ts';

const origin = inject('primaryOrigin');

/** Properties of an object schema without a description (arguments are flat: one level). */
function undescribed(schema: Record<string, any>): string[] {
  return Object.entries((schema.properties ?? {}) as Record<string, Record<string, any>>)
    .filter(([, property]) => !property.description)
    .map(([name]) => name);
}

/** Every admin operation as search_operations reports it, with its annotations. */
type Found = {
  name: string;
  annotations: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean };
};

const snake = (id: string) => id.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

describe('operator tools and operations: annotations from their operations (truthful, from each operation)', () => {
  let client: Client;
  let tools: Tool[];
  let found: Found[];
  beforeAll(async () => {
    client = await connect(origin, await operatorToken(origin, OPERATOR_SCOPES.join(' ')));
    tools = (await client.listTools()).tools;
    found = [];
    let cursor: string | null = null;
    do {
      const page = (await client.callTool({
        name: 'search_operations',
        arguments: { limit: 50, ...(cursor ? { cursor } : {}) },
      })) as unknown as { structuredContent: { data: Found[]; next_cursor: string | null } };
      found.push(...page.structuredContent.data);
      cursor = page.structuredContent.next_cursor;
    } while (cursor);
  });
  afterAll(async () => client?.close());

  const byName = new Map(Object.entries(operations).map(([id, op]) => [snake(id), { id, ...op }]));
  const meta = (name: string) => byName.get(name)!;

  it('GET operations are read-only; every other operation is not; direct tools carry the same annotations', () => {
    expect(found.length).toBeGreaterThan(90);
    for (const op of found) expect(op.annotations.readOnlyHint, op.name).toBe(meta(op.name).method === 'get');
    for (const tool of tools.filter((t) => found.some((f) => f.name === t.name)))
      expect(tool.annotations, tool.name).toMatchObject(found.find((f) => f.name === tool.name)!.annotations);
  });

  it('an operation the spec calls idempotent, and every PUT, PATCH and DELETE, is idempotentHint; a create is not (RFC 9110 9.2.2)', () => {
    for (const op of found) {
      const { method, summary } = meta(op.name);
      if (/\bidempotent\)/.test(summary) || method !== 'post')
        expect(op.annotations.idempotentHint, `${op.name}: ${summary}`).toBe(true);
      // A create makes something new each time, unless the spec says asking again answers the
      // same thing (createSubscription answers the running subscription): then the first rule holds.
      if (op.name.startsWith('create_') && !/\bidempotent\)/.test(summary))
        expect(op.annotations.idempotentHint, op.name).toBe(false);
    }
  });

  it('deleting, cancelling, expiring, archiving, unpublishing and refunding are destructive; reading, creating, publishing and enrolling are not', () => {
    for (const op of found) {
      const { id, method } = meta(op.name);
      const ends = method === 'delete' || /^(cancel|expire|archive|unpublish|refund)[A-Z]/.test(id);
      const adds = method === 'get' || /^(create|publish|enroll|invite|register|assign|upload)[A-Z]/.test(id);
      if (ends) expect(op.annotations.destructiveHint, op.name).toBe(true);
      if (adds) expect(op.annotations.destructiveHint, op.name).toBe(false);
    }
  });

  it('call_operation, which may run any of them, is annotated as cautiously as the most dangerous one', () => {
    const callOperation = tools.find((t) => t.name === 'call_operation')!;
    expect(callOperation.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
    });
    expect(callOperation.description).toContain('describe_operation');
  });

  it('every tool and every operation has an object input schema whose arguments are described, and an object output schema', async () => {
    const problems = tools.flatMap((tool) => [
      ...(tool.inputSchema.type === 'object' ? [] : [`${tool.name}: input not an object`]),
      ...(tool.outputSchema?.type === 'object' ? [] : [`${tool.name}: no object output schema`]),
      // A direct tool's arguments are checked below, as its operation's.
      ...(found.some((f) => f.name === tool.name) ? [] : undescribed(tool.inputSchema)).map(
        (p) => `${tool.name}: ${p} has no description`,
      ),
    ]);
    for (const op of found) {
      const described = (await client.callTool({
        name: 'describe_operation',
        arguments: { operation: op.name },
      })) as unknown as {
        structuredContent: { input_schema: Record<string, any>; output_schema: Record<string, any> };
      };
      const { input_schema: input, output_schema: output } = described.structuredContent;
      if (input.type !== 'object') problems.push(`${op.name}: input not an object`);
      if (output.type !== 'object') problems.push(`${op.name}: output not an object`);
      // Path and query parameters are described; body fields are as the document describes them.
      const parameters = Object.fromEntries(
        Object.entries(input.properties as Record<string, any>).filter(([name]) =>
          new RegExp(`[{]${name}[}]|^(limit|cursor|sort|q)$`).test(`${meta(op.name).path} ${name}`),
        ),
      );
      problems.push(...undescribed({ properties: parameters }).map((p) => `${op.name}: ${p} has no description`));
    }
    expect(problems).toEqual([]);
  });
});

describe('member tools: annotations of the reads and the writes (SDL Mutation)', () => {
  let client: Client;
  let tools: Tool[];
  beforeAll(async () => {
    client = await connect(origin, await memberToken(origin, 'openid account:read account:write'));
    tools = (await client.listTools()).tools;
  });
  afterAll(async () => client?.close());

  it.each([
    ['record_lecture_progress', { readOnlyHint: false, destructiveHint: false, idempotentHint: true }],
    ['register_for_event', { readOnlyHint: false, destructiveHint: false, idempotentHint: true }],
    ['cancel_my_event_registration', { readOnlyHint: false, destructiveHint: true, idempotentHint: true }],
    ['my_enrolled_courses', { readOnlyHint: true, destructiveHint: false, idempotentHint: true }],
    ['my_orders', { readOnlyHint: true, destructiveHint: false, idempotentHint: true }],
    ['my_event_registrations', { readOnlyHint: true, destructiveHint: false, idempotentHint: true }],
  ])('%s is annotated %j, with described input and an object output schema', (name, hints) => {
    const tool = tools.find((t) => t.name === name)!;
    expect(tool, name).toBeTruthy();
    expect(tool.annotations).toMatchObject(hints);
    expect(tool.outputSchema?.type).toBe('object');
    expect(undescribed(tool.inputSchema)).toEqual([]);
  });
});
