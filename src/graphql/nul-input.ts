// Text holding U+0000 is refused before any resolver runs (lib/nul-text.ts: the database cannot
// store it, and it used to end as a masked 500). A validation rule, so that it sees both places a
// member's text comes from: string literals written in the document and the request's variables.
// Each error is BAD_USER_INPUT naming the argument or variable, as the SDL promises for input.
import {
  GraphQLError,
  Kind,
  type ArgumentNode,
  type ASTNode,
  type ObjectFieldNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { NUL_DETAIL, pathsWithNul } from '../lib/nul-text.ts';

type Variables = Readonly<Record<string, unknown>> | null | undefined;

const badInput = (message: string, nodes: readonly ASTNode[], field: string) =>
  new GraphQLError(message, { nodes, extensions: { code: 'BAD_USER_INPUT', field } });

/** The rule for one request; `variables` are its raw variable values. */
export function nulFreeInput(variables: Variables): ValidationRule {
  return (context: ValidationContext) => ({
    OperationDefinition(node) {
      for (const definition of node.variableDefinitions ?? []) {
        const name = definition.variable.name.value;
        for (const path of pathsWithNul(variables?.[name])) {
          const field = [name, ...path].join('.');
          context.reportError(badInput(`Variable $${field} ${NUL_DETAIL}.`, [definition], field));
        }
      }
    },
    // Every string literal, in arguments, input objects, lists and variable defaults alike.
    StringValue(node, _key, parent, _path, ancestors) {
      if (!node.value.includes('\u0000')) return;
      // `ancestors` stop before the parent, which is the argument or field for a plain value.
      const owner = [...ancestors, parent]
        .reverse()
        .find(
          (a): a is ArgumentNode | ObjectFieldNode =>
            !Array.isArray(a) && ((a as ASTNode).kind === Kind.ARGUMENT || (a as ASTNode).kind === Kind.OBJECT_FIELD),
        );
      const field = owner?.name.value ?? 'value';
      context.reportError(badInput(`The value of ${field} ${NUL_DETAIL}.`, [node], field));
    },
  });
}
