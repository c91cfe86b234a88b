// The longest list of each kind that introspection of a schema can return (GraphQL spec 4.2: the
// __Schema and __Type fields that are lists). limits.ts prices an introspection list at this size,
// so a query's introspection cost is an upper bound of the values it makes, computed once per schema.
import {
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isAbstractType,
  type GraphQLSchema,
} from 'graphql';

export type IntrospectionListSizes = Readonly<Record<string, number>>;

const sizes = new WeakMap<GraphQLSchema, IntrospectionListSizes>();

function measure(schema: GraphQLSchema): IntrospectionListSizes {
  const types = Object.values(schema.getTypeMap());
  const directives = schema.getDirectives();
  const longest = (values: number[]) => Math.max(1, ...values);
  const fieldLists = types.flatMap((type) =>
    isObjectType(type) || isInterfaceType(type) ? [Object.values(type.getFields())] : [],
  );
  return {
    types: types.length,
    directives: directives.length,
    fields: longest(fieldLists.map((list) => list.length)),
    args: longest([...fieldLists.flat().map((field) => field.args.length), ...directives.map((d) => d.args.length)]),
    inputFields: longest(types.map((type) => (isInputObjectType(type) ? Object.keys(type.getFields()).length : 0))),
    enumValues: longest(types.map((type) => (isEnumType(type) ? type.getValues().length : 0))),
    interfaces: longest(
      types.map((type) => (isObjectType(type) || isInterfaceType(type) ? type.getInterfaces().length : 0)),
    ),
    possibleTypes: longest(types.map((type) => (isAbstractType(type) ? schema.getPossibleTypes(type).length : 0))),
    locations: 20, // __DirectiveLocation has 19 values (GraphQL spec 3.13)
  };
}

export function introspectionListSizes(schema: GraphQLSchema): IntrospectionListSizes {
  let known = sizes.get(schema);
  if (!known) {
    known = measure(schema);
    sizes.set(schema, known);
  }
  return known;
}
