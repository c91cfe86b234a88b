// Every tool's advertised input schema, for every kind of token, in the subset the strict
// tool-calling dialects accept (portable-schema.ts names them: OpenAI strict function calling,
// Gemini function declarations, Anthropic input_schema), and no output schema with a `type` array
// (the MCP Inspector's schema-portability warning).
import { describe, expect, it } from 'vitest';
import { routesWithoutServices } from './test-routes.ts';
import { OPERATOR_SCOPES } from '../services/auth/scopes.ts';
import { registerAdminOperationTools } from '../mcp/admin-tools/operation-tools.ts';
import { portableInput, strictnessProblems } from '../mcp/portable-schema.ts';
import { createToolRegistry } from '../mcp/registry.ts';
import { tokenOf } from '../mcp/test-fixtures.ts';
import { registerBuiltInTools } from '../mcp/tools/index.ts';

const registry = createToolRegistry();
registerBuiltInTools(registry);
const catalogue = registerAdminOperationTools(registry, routesWithoutServices());

const TOKENS = {
  anonymous: undefined,
  member: tokenOf('member', ['openid', 'account:read', 'account:write']),
  'Demo CRM': tokenOf('operator', ['courses:read', 'students:read', 'students:write', 'orders:read', 'analytics:read']),
  'all operator scopes': tokenOf('operator', [...OPERATOR_SCOPES]),
};

function typeArrays(schema: unknown, at: string): string[] {
  if (Array.isArray(schema)) return schema.flatMap((s, i) => typeArrays(s, `${at}[${i}]`));
  if (typeof schema !== 'object' || schema === null) return [];
  return Object.entries(schema).flatMap(([key, value]) =>
    key === 'type' && Array.isArray(value) ? [`${at}.type`] : key === 'enum' ? [] : typeArrays(value, `${at}.${key}`),
  );
}

/** Schemas that constrain nothing (the Inspector's "untyped-schema" warning): no type, enum, const or applicator. */
function untyped(schema: unknown, at: string): string[] {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return [];
  const node = schema as Record<string, unknown>;
  const here = ['type', 'enum', 'const', 'anyOf', 'oneOf', 'allOf', 'required'].some((k) => k in node) ? [] : [at];
  const children = [
    ...Object.entries((node.properties as Record<string, unknown> | undefined) ?? {}).map(
      ([k, v]) => [v, `${at}.properties.${k}`] as const,
    ),
    ...(node.items ? [[node.items, `${at}.items`] as const] : []),
    ...((node.anyOf as unknown[] | undefined) ?? []).map((v, i) => [v, `${at}.anyOf[${i}]`] as const),
  ];
  return [...here, ...children.flatMap(([v, p]) => untyped(v, p))];
}

describe('tool schemas every major client accepts (JSON Schema; MCP 2025-11-25 tools)', () => {
  it.each(Object.entries(TOKENS))('%s: every input schema keeps to the strict-mode allowlist', (_kind, auth) => {
    const problems = registry
      .visibleTo(auth)
      .flatMap((tool) => strictnessProblems(tool.descriptor.inputSchema, `${tool.definition.name}.inputSchema`));
    expect(problems).toEqual([]);
  });

  it.each(Object.entries(TOKENS))(
    '%s: no schema has a type array (MCP Inspector schema portability)',
    (_kind, auth) => {
      const found = registry
        .visibleTo(auth)
        .flatMap((tool) => [
          ...typeArrays(tool.descriptor.inputSchema, `${tool.definition.name}.inputSchema`),
          ...typeArrays(tool.descriptor.outputSchema, `${tool.definition.name}.outputSchema`),
        ]);
      expect(found).toEqual([]);
    },
  );

  it.each(Object.entries(TOKENS))(
    '%s: no schema constrains nothing (MCP Inspector schema portability)',
    (_kind, auth) => {
      const found = registry
        .visibleTo(auth)
        .flatMap((tool) => [
          ...untyped(tool.descriptor.inputSchema, `${tool.definition.name}.inputSchema`),
          ...untyped(tool.descriptor.outputSchema, `${tool.definition.name}.outputSchema`),
        ]);
      expect(found).toEqual([]);
    },
  );

  it("describe_operation's input schemas keep to the allowlist too, for every operation", () => {
    const problems = catalogue.flatMap((entry) => strictnessProblems(entry.advertisedInput, entry.name));
    expect(problems).toEqual([]);
    expect(catalogue.flatMap((entry) => typeArrays(entry.advertisedOutput, entry.name))).toEqual([]);
  });

  it('drops what strict modes refuse: type arrays, nullable branches, allOf, defaults as keywords, rare formats', () => {
    expect(
      portableInput({
        type: ['string', 'null'],
        format: 'hostname',
        default: 'a',
        description: 'A name',
        uniqueItems: true,
      }),
    ).toEqual({ type: 'string', description: 'A name. Default: "a".' });
    expect(portableInput({ anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }] })).toEqual({
      type: 'integer',
      minimum: 1,
    });
    expect(
      portableInput({ allOf: [{ type: 'object', properties: { a: { type: 'string' } } }], minProperties: 1 }),
    ).toEqual({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false });
    expect(strictnessProblems({ type: ['string', 'null'], oneOf: [] })).toEqual([
      'inputSchema: keyword oneOf is outside the allowlist',
      'inputSchema: type must be one string',
    ]);
  });
});
