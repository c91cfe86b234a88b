// describe_operation: everything needed to call one admin operation, from the OpenAPI document:
// its flat arguments as a portable JSON Schema, its result's schema, its annotations, the scopes
// it needs and example arguments. Only operations this token may call are described.
import { z } from 'zod';
import type { JsonSchemaObject } from '../schema.ts';
import type { ToolDefinition } from '../registry.ts';
import { READ_ONLY } from '../tools/common.ts';
import { ToolInputError } from '../tool-errors.ts';
import { mayCall, type OperationEntry } from './operation-catalogue.ts';
import { summaryOf } from './search_operations.ts';

const input = z.strictObject({
  operation: z.string().min(1).max(128).describe('An operation name from search_operations, such as list_courses'),
});

type Description = ReturnType<typeof summaryOf> & {
  description: string;
  input_schema: Record<string, unknown>;
  output_schema: Record<string, unknown>;
  example_arguments: Record<string, unknown>;
};

const schemaObject = { type: 'object', description: 'A JSON Schema object' };

/** JSON Schema rather than zod: free-form objects stay `{type: object}`, which every client reads. */
const output: JsonSchemaObject = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    summary: { type: 'string' },
    description: { type: 'string' },
    method: { type: 'string' },
    path: { type: 'string' },
    required_scopes: { type: 'array', items: { type: 'string' } },
    annotations: {
      type: 'object',
      properties: {
        readOnlyHint: { type: 'boolean' },
        destructiveHint: { type: 'boolean' },
        idempotentHint: { type: 'boolean' },
      },
      required: ['readOnlyHint', 'destructiveHint', 'idempotentHint'],
    },
    direct_tool: { type: 'boolean' },
    input_schema: {
      ...schemaObject,
      description: 'The arguments of call_operation (flat: path, query and body fields side by side)',
    },
    output_schema: { ...schemaObject, description: "The result's structuredContent" },
    example_arguments: { type: 'object', description: 'Example arguments from the API documentation' },
  },
  required: [
    'name',
    'summary',
    'description',
    'method',
    'path',
    'required_scopes',
    'annotations',
    'direct_tool',
    'input_schema',
    'output_schema',
    'example_arguments',
  ],
};

export function findCallable(
  catalogue: ReadonlyMap<string, OperationEntry>,
  name: string,
  auth: Parameters<typeof mayCall>[1],
): OperationEntry {
  const entry = catalogue.get(name);
  // An operation the token may not call is as unknown as one that does not exist.
  if (!entry || !mayCall(entry, auth))
    throw new ToolInputError(
      `no operation ${JSON.stringify(name)} this token may call; search_operations lists them`,
      'operation',
    );
  return entry;
}

export function describeOperationTool(
  catalogue: ReadonlyMap<string, OperationEntry>,
  direct: ReadonlySet<string>,
): ToolDefinition<z.output<typeof input>, Description> {
  return {
    name: 'describe_operation',
    title: 'Describe an admin operation',
    description:
      "One admin operation's arguments (a JSON Schema), result schema, annotations (read-only, destructive, idempotent), scopes and example arguments. Read it before call_operation.",
    inputSchema: input,
    outputSchema: output,
    annotations: READ_ONLY,
    audience: 'operator',
    requiredScopes: [],
    async handler({ operation }, { auth }) {
      const entry = findCallable(catalogue, operation, auth);
      const result: Description = {
        ...summaryOf(entry, direct),
        description: entry.description,
        input_schema: entry.advertisedInput,
        output_schema: entry.advertisedOutput,
        example_arguments: entry.example,
      };
      const required = (entry.advertisedInput.required ?? []).join(', ') || 'none';
      const hints = entry.annotations.readOnlyHint
        ? 'read-only'
        : `${entry.annotations.destructiveHint ? 'destructive' : 'not destructive'}, ${entry.annotations.idempotentHint ? 'idempotent' : 'not idempotent'}`;
      const how = direct.has(entry.name)
        ? `call the tool ${entry.name}, or call_operation`
        : `call_operation with operation "${entry.name}"`;
      return {
        structuredContent: result,
        summary: `${entry.name} (${entry.method} ${entry.path}, ${hints}). Required arguments: ${required}. To run it: ${how}.`,
      };
    },
  };
}
