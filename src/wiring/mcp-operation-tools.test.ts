// The operator surface (docs/agents.md "MCP"): every admin operation in the catalogue with flat arguments,
// the core ones as direct tools. Schemas compile on first use (mcp/schema.ts), so this compiles
// each one here, where a schema Ajv refuses fails a test instead of a tool call.
import { describe, expect, it } from 'vitest';
import { operations } from '../../generated/openapi/operations.ts';
import { routesWithoutServices } from './test-routes.ts';
import { createToolRegistry } from '../mcp/registry.ts';
import { compileSchema } from '../mcp/schema.ts';
import { CORE_OPERATIONS } from '../mcp/admin-tools/core-operations.ts';
import { flatArgumentsOf } from '../mcp/admin-tools/flat-arguments.ts';
import { registerAdminOperationTools } from '../mcp/admin-tools/operation-tools.ts';

describe('operator tools from the OpenAPI document (docs/agents.md "MCP")', () => {
  const registry = createToolRegistry();
  const catalogue = registerAdminOperationTools(registry, routesWithoutServices());

  it('catalogues every JSON admin operation that requires scopes (multipart uploads aside)', () => {
    const expected = Object.entries(operations).filter(
      ([, meta]) => meta.path.startsWith('/api/v1/') && !meta.public && meta.scopes.length > 0,
    );
    expect(catalogue.length).toBeGreaterThan(100);
    expect(expected.map(([id]) => id).filter((id) => !catalogue.some((e) => e.operationId === id))).toEqual([
      'uploadFile',
    ]);
  });

  it('registers the core operations as snake_case direct tools, plus the three catalogue tools', () => {
    for (const id of CORE_OPERATIONS)
      expect(registry.get(id.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase())).toBeTruthy();
    for (const name of ['search_operations', 'describe_operation', 'call_operation'])
      expect(registry.get(name)).toBeTruthy();
    expect(registry.get('delete_course')).toBeUndefined();
  });

  it.each(catalogue.map((e) => e.name))('%s: its flat input and output schemas compile and judge a value', (name) => {
    const entry = catalogue.find((e) => e.name === name)!;
    const input = compileSchema(entry.input, 'input', registry.ajv);
    const output = compileSchema(entry.output, 'output', registry.ajv);
    expect(() => output.validate({})).not.toThrow();
    // Flat: no envelope; an unknown argument is refused naming the arguments there are.
    expect(entry.input.properties).not.toHaveProperty('path');
    const refused = input.validate({ not_an_argument: 1 });
    expect(refused).toMatchObject({ ok: false, message: expect.stringContaining('not_an_argument: unknown argument') });
  });

  it('refuses at start-up an operation whose path, query or body share an argument name', () => {
    const op = {
      operationId: 'clash',
      parameters: [{ name: 'title', in: 'query', schema: { type: 'string' } }],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { type: 'object', properties: { title: { type: 'string' } } } } },
      },
    };
    expect(() => flatArgumentsOf({}, op)).toThrow(/query and body|body and query/);
  });

  it('splits flat arguments back into path, query and body; a body that is not an object is one named argument', () => {
    const flat = flatArgumentsOf(
      {},
      {
        operationId: 'reorder',
        parameters: [
          { name: 'course_id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'dry_run', in: 'query', schema: { type: 'boolean' } },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } },
        },
      },
    )!;
    expect(flat.schema.required).toEqual(['course_id', 'value']);
    expect(flat.split({ course_id: 'c1', dry_run: true, value: ['a'] })).toEqual({
      path: { course_id: 'c1' },
      query: { dry_run: true },
      body: ['a'],
    });
  });

  it('webhook management is in the catalogue, and only the operations that call a receiver reach an open world (MCP ToolAnnotations openWorldHint)', () => {
    const webhooks = catalogue
      .filter((e) => e.name.includes('webhook'))
      .map((e) => e.name)
      .sort();
    expect(webhooks).toEqual([
      'create_webhook_endpoint',
      'delete_webhook_endpoint',
      'get_webhook_delivery',
      'get_webhook_endpoint',
      'get_webhook_event',
      'list_webhook_deliveries',
      'list_webhook_endpoints',
      'list_webhook_events',
      'recover_webhook_endpoint',
      'redeliver_webhook_delivery',
      'rotate_webhook_secret',
      'send_webhook_test_event',
      'update_webhook_endpoint',
    ]);
    const open = catalogue
      .filter((e) => e.annotations.openWorldHint)
      .map((e) => e.name)
      .sort();
    expect(open).toEqual(['recover_webhook_endpoint', 'redeliver_webhook_delivery', 'send_webhook_test_event']);
    expect(catalogue.find((e) => e.name === 'delete_webhook_endpoint')!.annotations.destructiveHint).toBe(true);
    // call_operation may run either, so it says so.
    expect(registry.get('call_operation')!.descriptor.annotations?.openWorldHint).toBe(true);
  });
});
