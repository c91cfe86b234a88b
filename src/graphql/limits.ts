// Query depth and cost limits, as validation rules so that a document breaking one is refused
// before any resolver runs. Both are documented in the SDL's schema description; keep them in step.
import {
  getNamedType,
  GraphQLError,
  isInterfaceType,
  isObjectType,
  Kind,
  type FieldNode,
  type GraphQLField,
  type GraphQLNamedType,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { MAX_PAGE_SIZE } from '../services/account.ts';

export const MAX_DEPTH = 8;
export const MAX_COST = 200;

/** `ofType` unwraps a type reference (introspection's TypeRef chain): linear, so no level of its own. */
const UNWRAPPING_FIELDS: ReadonlySet<string> = new Set(['ofType']);

type Variables = Readonly<Record<string, unknown>> | null | undefined;
/** Depth in field levels, and cost at a multiplier of 1 (cost scales linearly with it). */
type Measure = { depth: number; cost: number };

/** Both limits for one request; the variables give `first` values passed as variables. */
export function queryLimits(variables: Variables): ValidationRule {
  return (context: ValidationContext) => ({
    OperationDefinition(node) {
      const measure = new Measurer(context, variables).selections(node.selectionSet, context.getSchema().getRootType(node.operation) ?? undefined);
      if (measure.depth > MAX_DEPTH) {
        context.reportError(new GraphQLError(`The query is ${measure.depth} levels deep; at most ${MAX_DEPTH} are allowed.`, { nodes: [node], extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit: 'depth', max: MAX_DEPTH } }));
      }
      if (measure.cost > MAX_COST) {
        context.reportError(new GraphQLError(`The query's estimated cost is ${measure.cost}; at most ${MAX_COST} is allowed (each field taking first costs first times the first values above it).`, { nodes: [node], extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit: 'cost', max: MAX_COST } }));
      }
      return false;
    },
  });
}

class Measurer {
  private readonly context: ValidationContext;
  private readonly variables: Variables;
  /** Each fragment is measured once however often it is spread, so nested spreads cannot blow up. */
  private readonly fragments = new Map<string, Measure>();
  private readonly inProgress = new Set<string>();

  constructor(context: ValidationContext, variables: Variables) {
    this.context = context;
    this.variables = variables;
  }

  selections(set: SelectionSetNode, parent: GraphQLNamedType | undefined): Measure {
    let depth = 0;
    let cost = 0;
    for (const selection of set.selections) {
      let inner: Measure;
      if (selection.kind === Kind.FIELD) inner = this.field(selection, parent);
      else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? this.context.getSchema().getType(selection.typeCondition.name.value) : parent;
        inner = this.selections(selection.selectionSet, type ?? undefined);
      } else inner = this.fragment(selection.name.value);
      depth = Math.max(depth, inner.depth);
      cost += inner.cost;
    }
    return { depth, cost };
  }

  private field(node: FieldNode, parent: GraphQLNamedType | undefined): Measure {
    // Introspection fields (__schema, __type) are not in getFields(): measured for depth only.
    const definition = parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields()[node.name.value] : undefined;
    const first = definition ? this.firstOf(definition, node) : undefined;
    const multiplier = first ?? 1;
    const inner = node.selectionSet ? this.selections(node.selectionSet, definition ? getNamedType(definition.type) : undefined) : { depth: 0, cost: 0 };
    return {
      depth: inner.depth + (UNWRAPPING_FIELDS.has(node.name.value) ? 0 : 1),
      cost: (first ?? 0) + multiplier * inner.cost,
    };
  }

  private fragment(name: string): Measure {
    const known = this.fragments.get(name);
    if (known) return known;
    const fragment = this.context.getFragment(name);
    // Unknown and cyclic fragments are reported by graphql-js's own rules.
    if (!fragment || this.inProgress.has(name)) return { depth: 0, cost: 0 };
    this.inProgress.add(name);
    const type = this.context.getSchema().getType(fragment.typeCondition.name.value);
    const measure = this.selections(fragment.selectionSet, type ?? undefined);
    this.inProgress.delete(name);
    this.fragments.set(name, measure);
    return measure;
  }

  /** The page size a list field asks for, within 1..MAX_PAGE_SIZE (a larger one fails in the resolver unrun). */
  private firstOf(definition: GraphQLField<unknown, unknown>, node: FieldNode): number | undefined {
    const argument = definition.args.find((arg) => arg.name === 'first');
    if (!argument) return undefined;
    const fallback = typeof argument.defaultValue === 'number' ? argument.defaultValue : MAX_PAGE_SIZE;
    const value = node.arguments?.find((arg) => arg.name.value === 'first')?.value;
    let first: unknown = fallback;
    if (value?.kind === Kind.INT) first = Number(value.value);
    else if (value?.kind === Kind.VARIABLE) first = this.variables?.[value.name.value] ?? MAX_PAGE_SIZE;
    else if (value !== undefined && value.kind !== Kind.NULL) first = MAX_PAGE_SIZE;
    return typeof first === 'number' && Number.isFinite(first) ? Math.min(Math.max(Math.trunc(first), 1), MAX_PAGE_SIZE) : MAX_PAGE_SIZE;
  }
}
