// A core admin operation as a direct MCP tool: the catalogue entry's name, flat arguments,
// schemas and annotations, shown only to a token holding its scopes (registry.visibleTo).
import type { ToolDefinition } from '../registry.ts';
import type { JsonSchemaObject } from '../schema.ts';
import { confirmationQuestion, type OperationEntry } from './operation-catalogue.ts';

type Json = Record<string, unknown>;

/**
 * The result's schema without its prose: the same shape (descriptions validate nothing), for a
 * tool list that pays for every byte in every conversation; describe_operation has the prose.
 */
function withoutDescriptions(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutDescriptions);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => key !== 'description')
      .map(([key, value]) => [
        key,
        key === 'properties'
          ? Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, withoutDescriptions(v)]))
          : key === 'enum' || key === 'required' || key === 'const'
            ? value
            : withoutDescriptions(value),
      ]),
  );
}

export function directToolOf(entry: OperationEntry): ToolDefinition<Json, Json> {
  return {
    name: entry.name,
    title: entry.summary,
    description: `${entry.description}\n\nScopes: ${entry.scopes.join(' ')}.`,
    inputSchema: entry.input,
    outputSchema: withoutDescriptions(entry.output) as JsonSchemaObject,
    annotations: entry.annotations,
    audience: 'operator',
    requiredScopes: entry.scopes,
    confirmationFor: (args) => confirmationQuestion(entry, args),
    handler: (args, ctx) =>
      entry.run(args, ctx, (cursor) => `call ${entry.name} with cursor "${cursor}" and the same other arguments`),
  };
}
