// Whether a query selects a field below the one being resolved, so that a resolver can leave out
// work no query asked for (the progress counts of a page of enrolled courses:
// bench/FINDINGS.md "Progress counts only when selected"). Fields are matched by name, not alias, through inline fragments and fragment
// spreads. @skip and @include are not evaluated: a field under either counts as selected, so the
// answer can only err towards doing the work.
import { Kind, type FragmentDefinitionNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

function selectsIn(
  selectionSet: SelectionSetNode | undefined,
  path: readonly string[],
  fragments: Record<string, FragmentDefinitionNode>,
  visited: Set<string>,
): boolean {
  if (path.length === 0) return true;
  if (!selectionSet) return false;
  const [name, ...rest] = path;
  return selectionSet.selections.some((selection) => {
    switch (selection.kind) {
      case Kind.FIELD:
        return selection.name.value === name && selectsIn(selection.selectionSet, rest, fragments, visited);
      case Kind.INLINE_FRAGMENT:
        return selectsIn(selection.selectionSet, path, fragments, visited);
      case Kind.FRAGMENT_SPREAD: {
        // Validation refuses cycles of fragments; the set keeps an unvalidated document from looping.
        const fragment = fragments[selection.name.value];
        if (!fragment || visited.has(fragment.name.value)) return false;
        return selectsIn(fragment.selectionSet, path, fragments, new Set(visited).add(fragment.name.value));
      }
    }
  });
}

/** Whether any of the field's nodes selects `path` (field names, outermost first) below it. */
export function selectsPath(
  info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>,
  path: readonly string[],
): boolean {
  return info.fieldNodes.some((node) => selectsIn(node.selectionSet, path, info.fragments, new Set()));
}
