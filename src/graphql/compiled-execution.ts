// Execution of a validated document with graphql-jit: each operation of a cached document
// (document-cache.ts hands back the same DocumentNode for the same text) is compiled into a
// function once, which then runs without graphql-js's per-request walk of the selections
// (bench/FINDINGS.md "Compiled GraphQL execution"). An operation graphql-jit cannot compile, or one
// the document does not hold, runs on graphql-js's execute as before, which also gives the errors.
//
// graphql-jit's errors share graphql-js's prototype but not its shape (no `nodes`, and no
// `extensions` unless the original error had some), so each is rebuilt as a graphql-js error with
// the same message, locations, path and original error before errors.ts reads it.
import {
  execute,
  getOperationAST,
  GraphQLError,
  type ExecutionArgs,
  type ExecutionResult,
  type OperationDefinitionNode,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';

function asGraphQLJsError(error: GraphQLError): GraphQLError {
  const rebuilt = new GraphQLError(error.message, {
    path: error.path ?? null,
    originalError: error.originalError ?? null,
    ...(error.extensions ? { extensions: error.extensions } : {}),
  });
  // graphql-js derives locations from AST nodes, which graphql-jit does not keep; its own are the same positions.
  if (error.locations) (rebuilt as { locations: GraphQLError['locations'] }).locations = error.locations;
  return rebuilt;
}

function withGraphQLJsErrors(result: ExecutionResult): ExecutionResult {
  return result.errors ? { ...result, errors: result.errors.map(asGraphQLJsError) } : result;
}

/** graphql-http's `execute`, compiled per operation; the schema is the one every document was validated against. */
export function createCompiledExecutor(): (args: ExecutionArgs) => Promise<ExecutionResult> | ExecutionResult {
  // Keyed by the operation's AST node: it lives as long as its cached document, and a request naming
  // an operation the document lacks adds nothing here.
  const compiled = new WeakMap<OperationDefinitionNode, CompiledQuery | null>();

  const compiledFor = (args: ExecutionArgs): CompiledQuery | null => {
    const operation = getOperationAST(args.document, args.operationName);
    if (!operation) return null;
    let query = compiled.get(operation);
    if (query === undefined) {
      try {
        const result = compileQuery(args.schema, args.document, operation.name?.value, {
          disablingCapturingStackErrors: true,
        });
        query = isCompiledQuery(result) ? result : null;
      } catch {
        query = null;
      }
      compiled.set(operation, query);
    }
    return query;
  };

  return (args) => {
    const query = compiledFor(args);
    if (!query) return execute(args);
    const result = query.query(args.rootValue, args.contextValue, args.variableValues);
    return result instanceof Promise ? result.then(withGraphQLJsErrors) : withGraphQLJsErrors(result);
  };
}
