// Every admin operation is an MCP operator tool (one per operationId); their JSON Schemas are compiled on first
// use (mcp/schema.ts), so this compiles each one here, where a schema Ajv refuses fails a test
// instead of a tool call.
import { describe, expect, it } from 'vitest';
import { operations } from '../../../generated/openapi/operations.ts';
import { handlers } from '../../http/handler-map.ts';
import { createToolRegistry } from '../registry.ts';
import { registerAdminOperationTools } from './operation-tools.ts';

describe('operator tools generated from the OpenAPI document', () => {
  const registry = createToolRegistry();
  const names = registerAdminOperationTools(registry, handlers);

  it('registers one tool per admin operation that requires scopes', () => {
    const expected = Object.entries(operations).filter(
      ([, meta]) => meta.path.startsWith('/api/v1/') && !meta.public && meta.scopes.length > 0,
    );
    expect(names.length).toBeGreaterThan(100);
    expect(names.length).toBeLessThanOrEqual(expected.length);
  });

  it.each(names)('%s: its input and output schemas compile and judge a value', (name) => {
    const tool = registry.get(name)!;
    expect(() => tool.input.validate({})).not.toThrow();
    expect(() => tool.output.validate({})).not.toThrow();
    // An argument object of the wrong shape is refused with a message, not an exception.
    expect(tool.input.validate({ path: 42 })).toMatchObject({ ok: false, message: expect.any(String) });
  });

  it('webhook management is a set of operator tools, and only the ones that call a receiver reach an open world (MCP ToolAnnotations openWorldHint)', () => {
    const webhookTools = names.filter((name) => /Webhook/.test(name)).sort();
    expect(webhookTools).toEqual([
      'createWebhookEndpoint',
      'deleteWebhookEndpoint',
      'getWebhookDelivery',
      'getWebhookEndpoint',
      'listWebhookDeliveries',
      'listWebhookEndpoints',
      'redeliverWebhookDelivery',
      'rotateWebhookSecret',
      'sendWebhookTestEvent',
      'updateWebhookEndpoint',
    ]);
    const open = webhookTools.filter((name) => registry.get(name)!.descriptor.annotations?.openWorldHint);
    expect(open).toEqual(['redeliverWebhookDelivery', 'sendWebhookTestEvent']);
    expect(registry.get('deleteWebhookEndpoint')!.descriptor.annotations?.destructiveHint).toBe(true);
  });
});
