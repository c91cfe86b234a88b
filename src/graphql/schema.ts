// The executable member API schema: the SDL under spec/ (the source of truth, habit 1) built with
// graphql-js, with the hand-written resolvers attached to its fields. Attaching is a few lines, so
// no schema-stitching library is needed; a resolver for a field the SDL lacks fails at start-up.
import {
  buildSchema,
  GraphQLError,
  GraphQLScalarType,
  isObjectType,
  Kind,
  type GraphQLFieldResolver,
  type GraphQLSchema,
} from 'graphql';
import type { Resolvers } from '../../generated/graphql/types.ts';
import { resolvers } from './resolvers/index.ts';
import { accountSdl } from '../http/graphql-sdl.ts';

/** ISO 8601 UTC on the wire (DESIGN, Naming); the services already hand out ISO strings. */
function serializeDateTime(value: unknown): string {
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) throw new GraphQLError('DateTime cannot represent this value.');
  return date.toISOString();
}

function parseDateTime(value: unknown): string {
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
    throw new GraphQLError('DateTime must be an ISO 8601 string.');
  return new Date(value).toISOString();
}

function attachDateTime(scalar: GraphQLScalarType): void {
  scalar.serialize = serializeDateTime;
  scalar.parseValue = parseDateTime;
  scalar.parseLiteral = (node) => {
    if (node.kind !== Kind.STRING) throw new GraphQLError('DateTime must be an ISO 8601 string.', { nodes: [node] });
    return parseDateTime(node.value);
  };
}

function attachResolvers(schema: GraphQLSchema, map: Resolvers): void {
  for (const [typeName, fieldResolvers] of Object.entries(map)) {
    const type = schema.getType(typeName);
    if (!isObjectType(type)) throw new Error(`resolvers name ${typeName}, which is no object type of the SDL`);
    const fields = type.getFields();
    for (const [fieldName, resolver] of Object.entries(fieldResolvers as Record<string, unknown>)) {
      const field = fields[fieldName];
      if (!field) throw new Error(`resolvers name ${typeName}.${fieldName}, which the SDL lacks`);
      field.resolve = (
        typeof resolver === 'function' ? resolver : (resolver as { resolve: unknown }).resolve
      ) as GraphQLFieldResolver<unknown, unknown>;
    }
  }
}

export function buildAccountSchema(): GraphQLSchema {
  const schema = buildSchema(accountSdl());
  const dateTime = schema.getType('DateTime');
  if (!(dateTime instanceof GraphQLScalarType)) throw new Error('the SDL lacks the DateTime scalar');
  attachDateTime(dateTime);
  attachResolvers(schema, resolvers);
  return schema;
}
