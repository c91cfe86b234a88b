// A tool's input and output schemas, compiled once when the tool is registered: the JSON Schema
// that tools/list advertises and a validator that names the offending field. Hand-written tools
// declare zod schemas (typed handler arguments); tools generated from the OpenAPI document will
// declare JSON Schema, checked with one shared Ajv instance.
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import { z } from 'zod';

/** A JSON Schema object whose root is an object, as MCP requires of tool schemas. */
export type JsonSchemaObject = {
  type: 'object';
  properties?: Record<string, object>;
  required?: string[];
  [keyword: string]: unknown;
};

export type SchemaSource<T> = z.ZodType<T> | JsonSchemaObject;

export type Validation<T> = { ok: true; data: T } | { ok: false; message: string };

export type CompiledSchema<T> = {
  /** What tools/list shows; built once, never per request. */
  readonly jsonSchema: JsonSchemaObject;
  validate(value: unknown): Validation<T>;
};

function isZodSchema(source: SchemaSource<unknown>): source is z.ZodType {
  return source instanceof z.ZodType;
}

/** An unknown argument is answered with the arguments there are, so the caller can fix the call at once. */
function allowedNote(allowed: readonly string[] | undefined): string {
  if (!allowed) return '';
  return allowed.length ? ` (the arguments are: ${allowed.join(', ')})` : ' (this tool takes no arguments)';
}

function zodMessage(error: z.ZodError, allowed: readonly string[] | undefined): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      if (issue.code === 'unrecognized_keys') {
        const where = issue.path.length ? `${issue.path.join('.')}.` : '';
        return `${issue.keys.map((k) => where + k).join(', ')}: unknown argument${issue.path.length ? '' : allowedNote(allowed)}`;
      }
      const field = issue.path.length ? issue.path.join('.') : '(arguments)';
      return `${field}: ${issue.message}`;
    })
    .join('; ');
}

function ajvMessage(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .slice(0, 5)
    .map((e) => {
      const path = e.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const missing =
        e.keyword === 'required' ? String((e.params as { missingProperty?: string }).missingProperty) : undefined;
      const extra =
        e.keyword === 'additionalProperties'
          ? String((e.params as { additionalProperty?: string }).additionalProperty)
          : undefined;
      const field = [path, missing ?? extra].filter(Boolean).join('.') || '(arguments)';
      if (extra !== undefined) {
        const properties = (e.parentSchema as { properties?: object } | undefined)?.properties;
        return `${field}: unknown argument${allowedNote(properties ? Object.keys(properties) : undefined)}`;
      }
      return `${field}: ${e.message ?? 'is invalid'}`;
    })
    .join('; ');
}

/**
 * `io` picks the side of a zod schema with defaults or transforms: inputs advertise what a caller
 * may send, outputs what the tool returns. Draft-07, as the SDK's own McpServer emits.
 */
export function compileSchema<T>(source: SchemaSource<T>, io: 'input' | 'output', ajv: Ajv): CompiledSchema<T> {
  if (isZodSchema(source)) {
    const jsonSchema = z.toJSONSchema(source, { target: 'draft-7', io }) as JsonSchemaObject;
    if (jsonSchema.type !== 'object') throw new Error('MCP tool schemas must describe an object');
    const allowed = source instanceof z.ZodObject ? Object.keys(source.shape) : undefined;
    return {
      jsonSchema,
      validate(value) {
        const parsed = source.safeParse(value);
        return parsed.success
          ? { ok: true, data: parsed.data }
          : { ok: false, message: zodMessage(parsed.error, allowed) };
      },
    };
  }
  if (source.type !== 'object') throw new Error('MCP tool schemas must describe an object');
  // Compiled on first use: the 130-odd admin operations' schemas cost 340 ms of start-up and their
  // heap; most instances call a few of them. admin-tools/operation-catalogue.test.ts compiles them all.
  let check: ValidateFunction | undefined;
  return {
    jsonSchema: source,
    validate(value) {
      check ??= ajv.compile(source);
      return check(value) ? { ok: true, data: value as T } : { ok: false, message: ajvMessage(check.errors) };
    },
  };
}
