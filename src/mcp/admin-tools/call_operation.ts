// call_operation: runs any admin operation this token may call, by name, with flat arguments
// checked against that operation's own schema, through the very handler that serves the REST
// call: the same structured result and summary as its direct tool. One tool for a hundred
// operations keeps tools/list small (docs/agents.md "MCP"); its annotations are the most cautious any
// operation has, and the description sends the agent to describe_operation's true ones first.
import type { Ajv } from 'ajv';
import { z } from 'zod';
import { NUL_DETAIL, pathsWithNul } from '../../lib/nul-text.ts';
import type { JsonSchemaObject } from '../schema.ts';
import { compileSchema, type CompiledSchema } from '../schema.ts';
import type { ToolDefinition } from '../registry.ts';
import { ToolInputError } from '../tool-errors.ts';
import { findCallable } from './describe_operation.ts';
import { confirmationQuestion, mayCall, type OperationEntry } from './operation-catalogue.ts';

type Json = Record<string, unknown>;

const input = z.strictObject({
  operation: z.string().min(1).max(128).describe('An operation name from search_operations, such as publish_course'),
  arguments: z
    .record(z.string(), z.unknown())
    .default({})
    .describe("The operation's arguments, flat, as describe_operation's input_schema says"),
});

const output: JsonSchemaObject = {
  type: 'object',
  description: "The operation's result, as describe_operation's output_schema says",
};

export function callOperationTool(
  catalogue: ReadonlyMap<string, OperationEntry>,
  ajv: Ajv,
): ToolDefinition<z.output<typeof input>, Json> {
  // Compiled on first use, once per operation (schema.ts), like the direct tools' schemas.
  const compiled = new Map<string, { input: CompiledSchema<Json>; output: CompiledSchema<Json> }>();
  const schemasOf = (entry: OperationEntry) => {
    let schemas = compiled.get(entry.name);
    if (!schemas) {
      schemas = {
        input: compileSchema<Json>(entry.input, 'input', ajv),
        output: compileSchema<Json>(entry.output, 'output', ajv),
      };
      compiled.set(entry.name, schemas);
    }
    return schemas;
  };
  return {
    name: 'call_operation',
    title: 'Call an admin operation',
    description:
      "Runs one admin operation from search_operations with its flat arguments (see describe_operation). It may change or delete data: read the operation's annotations in describe_operation first, and confirm destructive ones with the user.",
    inputSchema: input,
    outputSchema: output,
    // As cautious as the most dangerous operation it may run: one that deletes, one that posts to a receiver.
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    audience: 'operator',
    requiredScopes: [],
    scopesFor: (args) => {
      const name = (args as { operation?: unknown } | undefined)?.operation;
      return typeof name === 'string' ? catalogue.get(name)?.scopes : undefined;
    },
    // Asked only of a call that may run: any other is refused by the handler without a question.
    confirmationFor: (args, ctx) => {
      const entry = catalogue.get(args.operation);
      return entry && mayCall(entry, ctx.auth) ? confirmationQuestion(entry, args.arguments) : undefined;
    },
    async handler(args, ctx) {
      const entry = findCallable(catalogue, args.operation, ctx.auth);
      const schemas = schemasOf(entry);
      const checked = schemas.input.validate(args.arguments);
      if (!checked.ok) throw new ToolInputError(`invalid arguments for ${entry.name}: ${checked.message}`, 'arguments');
      const nul = pathsWithNul(checked.data);
      if (nul.length)
        throw new ToolInputError(nul.map((path) => `arguments.${path.join('.')}: ${NUL_DETAIL}`).join('; '));
      const result = await entry.run(
        checked.data,
        ctx,
        (cursor) =>
          `call_operation with operation "${entry.name}" and arguments.cursor "${cursor}" (the same other arguments)`,
      );
      const valid = schemas.output.validate(result.structuredContent);
      if (!valid.ok) throw new Error(`${entry.name} result does not match its output schema: ${valid.message}`);
      return result;
    },
  };
}
