// Tool annotations set truthfully (each tool has a JSON Schema input with descriptions,
// an output schema, and the annotations readOnlyHint, destructiveHint, idempotentHint set
// truthfully; MCP 2025-11-25 Tools, ToolAnnotations), read through the official SDK client:
// the operator tools against what the OpenAPI document says of their operations, the member tools
// against what the SDL says of the same writes.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { operations } from '../../generated/openapi/operations.ts';
import { OPERATOR_SCOPES } from '../../src/oauth/scopes.ts';
import { memberToken, operatorToken } from '../support/tokens.ts';
import { connect } from './mcp-client.ts';

const origin = inject('primaryOrigin');
type Meta = (typeof operations)[keyof typeof operations];

/** Properties of an object schema, and of its nested object properties (path, query, body). */
function undescribed(schema: Record<string, any>, at = ''): string[] {
  return Object.entries((schema.properties ?? {}) as Record<string, Record<string, any>>).flatMap(
    ([name, property]) => {
      const here = `${at}${name}`;
      if (property.type === 'object' && property.properties && ['path', 'query'].includes(name))
        return undescribed(property, `${here}.`);
      return property.description || ['path', 'query', 'body'].includes(name) ? [] : [here];
    },
  );
}

describe('operator tools: annotations from their operations (truthful, from each operation)', () => {
  let client: Client;
  let tools: Tool[];
  beforeAll(async () => {
    client = await connect(origin, await operatorToken(origin, OPERATOR_SCOPES.join(' ')));
    tools = (await client.listTools()).tools;
  });
  afterAll(async () => client?.close());

  const meta = (tool: Tool) => (operations as Record<string, Meta>)[tool.name];

  it('GET operations are read-only; every other operation is not', () => {
    const operatorTools = tools.filter(meta);
    expect(operatorTools.length).toBeGreaterThan(90);
    for (const tool of operatorTools)
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(meta(tool)!.method === 'get');
  });

  it('an operation the spec calls idempotent, and every PUT, PATCH and DELETE, is idempotentHint; a create is not (RFC 9110 9.2.2)', () => {
    for (const tool of tools.filter(meta)) {
      const { method, summary } = meta(tool)!;
      if (/\bidempotent\)/.test(summary) || method !== 'post')
        expect(tool.annotations?.idempotentHint, `${tool.name}: ${summary}`).toBe(true);
      if (tool.name.startsWith('create')) expect(tool.annotations?.idempotentHint, tool.name).toBe(false);
    }
  });

  it('deleting, cancelling, expiring, archiving and unpublishing are destructive; reading, creating, publishing and enrolling are not', () => {
    for (const tool of tools.filter(meta)) {
      const ends = meta(tool)!.method === 'delete' || /^(cancel|expire|archive|unpublish)[A-Z]/.test(tool.name);
      const adds =
        meta(tool)!.method === 'get' || /^(create|publish|enroll|invite|register|assign|upload)[A-Z]/.test(tool.name);
      if (ends) expect(tool.annotations?.destructiveHint, tool.name).toBe(true);
      if (adds) expect(tool.annotations?.destructiveHint, tool.name).toBe(false);
    }
  });

  it('every operator tool has an object input schema whose path and query parameters are described, and an object output schema', () => {
    const problems = tools
      .filter(meta)
      .flatMap((tool) => [
        ...(tool.inputSchema.type === 'object' ? [] : [`${tool.name}: input not an object`]),
        ...(tool.outputSchema?.type === 'object' ? [] : [`${tool.name}: no object output schema`]),
        ...undescribed(tool.inputSchema).map((p) => `${tool.name}: ${p} has no description`),
      ]);
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
    ['cancel_event_registration', { readOnlyHint: false, destructiveHint: true, idempotentHint: true }],
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
