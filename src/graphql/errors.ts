// The one place that decides what a GraphQL client sees of an error (DESIGN habit 6): every error
// leaves as a GraphQL spec error with `extensions.code`; an unexpected one leaves with a generic
// message only (the server log keeps the rest), never a stack trace or SQL text.
import { GraphQLError } from 'graphql';
import { InvalidCursor } from '../db/pagination/cursor.ts';
import { AccountInputError } from '../services/people/own-data.ts';
import { ServiceError, type ServiceErrorKind } from '../services/errors.ts';
import { scopeRefusal } from '../services/auth/scope-check.ts';
import type { GraphQLContext } from './context.ts';

export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'NOT_FOUND'
  | 'FORBIDDEN'
  | 'BAD_REQUEST'
  | 'GRAPHQL_PARSE_FAILED'
  | 'GRAPHQL_VALIDATION_FAILED'
  | 'INTERNAL_SERVER_ERROR';

/** Mutations need `account:write` besides `account:read` (SDL, description of Mutation). */
export function requireScope(context: GraphQLContext, scope: string): void {
  const refusal = scopeRefusal(context, [scope]);
  if (!refusal) return;
  throw new GraphQLError(`This operation needs the scope ${scope}, which the access token does not carry.`, {
    extensions: { code: 'FORBIDDEN', scope: refusal.needed.join(' ') },
  });
}

export function notFound(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'NOT_FOUND' } });
}

/**
 * The code each kind of service refusal carries (SDL, schema description "Errors"): a missing
 * object is NOT_FOUND, a role the member lacks FORBIDDEN, anything else input they can correct.
 */
const CODE_OF: Record<ServiceErrorKind, ErrorCode> = {
  'not-found': 'NOT_FOUND',
  forbidden: 'FORBIDDEN',
  conflict: 'BAD_USER_INPUT',
  'rule-violation': 'BAD_USER_INPUT',
  'invalid-input': 'BAD_USER_INPUT',
  'upload-too-large': 'BAD_USER_INPUT',
  'unsupported-file-type': 'BAD_USER_INPUT',
  'limit-reached': 'BAD_USER_INPUT',
  'rate-limited': 'BAD_REQUEST',
};

/** A service's refusal as a GraphQL error; `field` names the first field at fault (its pointer's last step). */
function serviceErrorToGraphQL(error: GraphQLError, original: ServiceError): GraphQLError {
  const field = original.errors?.[0]?.pointer.split('/').pop();
  return new GraphQLError(original.detail, {
    nodes: error.nodes ?? null,
    path: error.path ?? null,
    extensions: { code: CODE_OF[original.kind], ...(field ? { field } : {}) },
  });
}

/** A resolver failed with something that is neither a GraphQLError nor input the member can fix. */
export function isUnexpected(error: GraphQLError): boolean {
  const original = error.originalError;
  if (original === undefined || original instanceof GraphQLError) return false;
  return !(
    original instanceof AccountInputError ||
    original instanceof ServiceError ||
    original instanceof InvalidCursor
  );
}

/** An execution error outside any field (no path) is the request's variables failing to coerce. */
export function labelExecutionError(error: GraphQLError): GraphQLError {
  if (error.path !== undefined || error.extensions.code !== undefined || isUnexpected(error)) return error;
  return withCode(error, 'BAD_USER_INPUT');
}

/**
 * graphql-http's `formatError`: runs for every error of every response. Plain Errors are
 * graphql-http's own request errors ("Missing query"), whose messages are safe to show.
 */
export function toPublicError(error: Readonly<GraphQLError | Error>): GraphQLError {
  if (!(error instanceof GraphQLError)) return new GraphQLError(error.message, { extensions: { code: 'BAD_REQUEST' } });
  const original = error.originalError;
  if (original instanceof AccountInputError) {
    return new GraphQLError(original.message, {
      nodes: error.nodes ?? null,
      path: error.path ?? null,
      extensions: {
        code: 'BAD_USER_INPUT',
        reason: original.code,
        ...(original.field ? { field: original.field } : {}),
      },
    });
  }
  if (original instanceof ServiceError) return serviceErrorToGraphQL(error, original);
  // Connections take their cursor as `after` (SDL); one this API did not issue is input to correct.
  if (original instanceof InvalidCursor) {
    return new GraphQLError('after is not a cursor this API issued.', {
      nodes: error.nodes ?? null,
      path: error.path ?? null,
      extensions: { code: 'BAD_USER_INPUT', field: 'after' },
    });
  }
  if (isUnexpected(error)) {
    return new GraphQLError('Internal server error.', {
      nodes: error.nodes ?? null,
      path: error.path ?? null,
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
  }
  if (error.extensions.code !== undefined) return error;
  return withCode(
    error,
    error.message.startsWith('Syntax Error') ? 'GRAPHQL_PARSE_FAILED' : 'GRAPHQL_VALIDATION_FAILED',
  );
}

function withCode(error: GraphQLError, code: ErrorCode): GraphQLError {
  return new GraphQLError(error.message, {
    nodes: error.nodes ?? null,
    source: error.source ?? null,
    positions: error.positions ?? null,
    path: error.path ?? null,
    extensions: { ...error.extensions, code },
  });
}
