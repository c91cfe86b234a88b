// Query depth, cost and mutation-count limits (/auth.md "Request bounds": "a GraphQL document's cost counts
// every selected field, aliases and repeats included"), as one validation rule that document-cache.ts
// runs BEFORE graphql-js's own rules: those include OverlappingFieldsCanBeMerged, which is quadratic
// in the fields sharing a response key, so an alias or repeat bomb must be refused before it runs.
// The limits are documented in the SDL's schema description; keep the two in step.
//
// The measure walks the document as execution would expand it, without expanding it: every field
// selection counts, however often it is repeated or aliased; a fragment is measured once and its
// measure added at each spread (so nested spreads cost their true, multiplied size in linear time).
import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  OperationTypeNode,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
  type FieldNode,
  type GraphQLField,
  type GraphQLNamedType,
  type SelectionSetNode,
  type ValueNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { introspectionListSizes } from './introspection-sizes.ts';
import {
  MAX_COST,
  MAX_DEPTH,
  MAX_INTROSPECTION_COST,
  MAX_MUTATION_FIELDS,
  RESOLVED_FIELD_COST,
} from '../lib/graphql-bounds.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../services/people/own-data.ts';

export {
  MAX_COST,
  MAX_DEPTH,
  MAX_INTROSPECTION_COST,
  MAX_MUTATION_FIELDS,
  RESOLVED_FIELD_COST,
} from '../lib/graphql-bounds.ts';

/** `ofType` unwraps a type reference (introspection's TypeRef chain): linear, so no level of its own. */
const UNWRAPPING_FIELDS: ReadonlySet<string> = new Set(['ofType']);

type Variables = Readonly<Record<string, unknown>> | null | undefined;
/** Depth in field levels; the costs of data and of introspection; field selections at this level. */
type Measure = { depth: number; cost: number; introspection: number; fields: number };
const NOTHING: Measure = { depth: 0, cost: 0, introspection: 0, fields: 0 };
/** The roots of introspection (GraphQL spec 4.1), which getFields() of the root type does not list. */
const META_FIELDS: Readonly<Record<string, GraphQLField<unknown, unknown>>> = {
  __schema: SchemaMetaFieldDef,
  __type: TypeMetaFieldDef,
  __typename: TypeNameMetaFieldDef,
};
const isIntrospectionRoot = (name: string) => name === '__schema' || name === '__type';

/** A number for a message: astronomically large ones (nested fragment spreads) read as such. */
const shown = (value: number) => (value < 1e12 ? String(value) : 'over a trillion');

function limitError(
  message: string,
  node: Parameters<ValidationContext['reportError']>[0]['nodes'],
  limit: string,
  max: number,
): GraphQLError {
  return new GraphQLError(message, {
    nodes: node ?? null,
    extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit, max },
  });
}

/** All limits for one request; the variables give `first` values passed as variables. */
export function queryLimits(variables: Variables): ValidationRule {
  return (context: ValidationContext) => ({
    OperationDefinition(node) {
      const measure = new Measurer(context, variables).selections(
        node.selectionSet,
        context.getSchema().getRootType(node.operation) ?? undefined,
      );
      if (measure.depth > MAX_DEPTH) {
        context.reportError(
          limitError(
            `The query is ${measure.depth} levels deep; at most ${MAX_DEPTH} are allowed.`,
            [node],
            'depth',
            MAX_DEPTH,
          ),
        );
      }
      if (measure.cost > MAX_COST) {
        context.reportError(
          limitError(
            `The query's estimated cost is ${shown(measure.cost)}; at most ${MAX_COST} is allowed (every selected field counts, aliases and repeats included: ${RESOLVED_FIELD_COST} for a field that reads data, 1 for any other, and a page's items, edges or nodes, count first or last times).`,
            [node],
            'cost',
            MAX_COST,
          ),
        );
      }
      if (measure.introspection > MAX_INTROSPECTION_COST) {
        context.reportError(
          limitError(
            `The query's introspection would produce about ${shown(measure.introspection)} values; at most ${MAX_INTROSPECTION_COST} are allowed (each introspection list counted at this schema's longest list of its kind).`,
            [node],
            'introspection',
            MAX_INTROSPECTION_COST,
          ),
        );
      }
      if (node.operation === OperationTypeNode.MUTATION && measure.fields > MAX_MUTATION_FIELDS) {
        context.reportError(
          limitError(
            `The mutation selects ${measure.fields} root fields; at most ${MAX_MUTATION_FIELDS} are allowed in one request.`,
            [node],
            'mutations',
            MAX_MUTATION_FIELDS,
          ),
        );
      }
      return false;
    },
  });
}

class Measurer {
  private readonly context: ValidationContext;
  private readonly variables: Variables;
  /** Each fragment is measured once (per page size) however often it is spread; each spread adds its whole measure. */
  private readonly fragments = new Map<string, Measure>();
  private readonly inProgress = new Set<string>();

  constructor(context: ValidationContext, variables: Variables) {
    this.context = context;
    this.variables = variables;
  }

  /** `pageSize`: the `first` or `last` of the field these selections belong to, which its list fields (`edges`, `nodes`) return at most. */
  selections(set: SelectionSetNode, parent: GraphQLNamedType | undefined, pageSize = 1): Measure {
    let depth = 0;
    let cost = 0;
    let introspection = 0;
    let fields = 0;
    for (const selection of set.selections) {
      let inner: Measure;
      if (selection.kind === Kind.FIELD) inner = this.field(selection, parent, pageSize);
      else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition
          ? this.context.getSchema().getType(selection.typeCondition.name.value)
          : parent;
        inner = this.selections(selection.selectionSet, type ?? undefined, pageSize);
      } else inner = this.fragment(selection.name.value, pageSize);
      depth = Math.max(depth, inner.depth);
      cost += inner.cost;
      introspection += inner.introspection;
      fields += inner.fields;
    }
    return { depth, cost, introspection, fields };
  }

  private field(node: FieldNode, parent: GraphQLNamedType | undefined, pageSize: number): Measure {
    const name = node.name.value;
    const fields = parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields() : undefined;
    const definition = fields?.[name] ?? META_FIELDS[name];
    const introspective = name.startsWith('__') || (parent?.name.startsWith('__') ?? false);
    const first = definition && !introspective ? this.firstOf(definition, node) : undefined;
    const inner = node.selectionSet
      ? this.selections(node.selectionSet, definition ? getNamedType(definition.type) : undefined, first ?? 1)
      : NOTHING;
    // A list's items are selected once each: an introspection list has at most the schema's longest
    // list of its kind; a data list (a connection's `edges` or `nodes`) at most the `first` or `last`
    // of the field above it.
    const isList = definition !== undefined && isListType(getNullableType(definition.type));
    const items = !isList
      ? 1
      : introspective
        ? (introspectionListSizes(this.context.getSchema())[name] ?? 1)
        : pageSize;
    const own = !introspective && definition?.resolve ? RESOLVED_FIELD_COST : 1;
    const total = own + items * (inner.cost + inner.introspection);
    const depth = inner.depth + (UNWRAPPING_FIELDS.has(name) ? 0 : 1);
    // Everything under __schema or __type is introspection, priced against its own budget.
    return isIntrospectionRoot(name)
      ? { depth, cost: 0, introspection: total, fields: 1 }
      : { depth, cost: total, introspection: 0, fields: 1 };
  }

  private fragment(name: string, pageSize: number): Measure {
    const key = `${pageSize} ${name}`;
    const known = this.fragments.get(key);
    if (known) return known;
    const fragment = this.context.getFragment(name);
    // Unknown and cyclic fragments are reported by graphql-js's own rules.
    if (!fragment || this.inProgress.has(name)) return NOTHING;
    this.inProgress.add(name);
    const type = this.context.getSchema().getType(fragment.typeCondition.name.value);
    const measure = this.selections(fragment.selectionSet, type ?? undefined, pageSize);
    this.inProgress.delete(name);
    this.fragments.set(key, measure);
    return measure;
  }

  /**
   * The page size a connection field asks for, within 1..MAX_PAGE_SIZE (a count outside fails in
   * the resolver unrun): its `first` or `last` (first and last together are refused there, so the
   * larger is a bound), DEFAULT_PAGE_SIZE when neither is given, MAX_PAGE_SIZE for a variable
   * without a value or anything not a number.
   */
  private firstOf(definition: GraphQLField<unknown, unknown>, node: FieldNode): number | undefined {
    const counts = definition.args.filter((arg) => arg.name === 'first' || arg.name === 'last');
    if (counts.length === 0) return undefined;
    const asked = counts
      .map((arg) => node.arguments?.find((given) => given.name.value === arg.name)?.value)
      .map((value) => (value === undefined || value.kind === Kind.NULL ? undefined : this.countOf(value)))
      .filter((count) => count !== undefined);
    return asked.length === 0 ? DEFAULT_PAGE_SIZE : Math.max(...asked);
  }

  private countOf(value: ValueNode): number {
    let count: unknown = MAX_PAGE_SIZE;
    if (value.kind === Kind.INT) count = Number(value.value);
    else if (value.kind === Kind.VARIABLE) count = this.variables?.[value.name.value] ?? MAX_PAGE_SIZE;
    return typeof count === 'number' && Number.isFinite(count)
      ? Math.min(Math.max(Math.trunc(count), 1), MAX_PAGE_SIZE)
      : MAX_PAGE_SIZE;
  }
}
