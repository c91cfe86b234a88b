// Tool failures are `isError: true` results the model can read and act on (DESIGN habit 6; MCP
// 2025-11-25 "Error Handling": input validation errors are tool execution errors). Known input
// errors name the field; anything unexpected is logged and answered with a fixed sentence, so no
// stack trace, SQL or driver message ever reaches the caller.
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { Logger } from 'pino';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../http/database-unavailable.ts';
import { ProblemError } from '../http/problem.ts';
import { InvalidCursor } from '../db/pagination/cursor.ts';
import { AccountInputError } from '../services/people/own-data.ts';
import { ServiceError, type FieldError, type ServiceErrorKind } from '../services/errors.ts';

/** Thrown by a handler for input its schema cannot express (an unknown slug, a bad cursor). */
export class ToolInputError extends Error {
  readonly field: string | undefined;

  constructor(message: string, field?: string) {
    super(message);
    this.field = field;
  }
}

export function toolError(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}

/** "field: message", unless the message already starts by naming its field. */
function withField(message: string, field: string | undefined): string {
  if (!field) return message;
  const named = message.startsWith(field) && !/\w/.test(message.charAt(field.length));
  return named ? message : `${field}: ${message}`;
}

/**
 * How each kind of service refusal reads to the model. The operation tools are the admin REST
 * operations run as tools (their descriptions name the REST path), so a refusal names the REST
 * answer it stands for, which the model can look up in /openapi.json.
 */
const REFUSAL: Record<ServiceErrorKind, string> = {
  'not-found': 'Not Found (404)',
  conflict: 'Conflict (409)',
  'rule-violation': 'Unprocessable Content (422)',
  'invalid-input': 'Invalid request (400)',
  forbidden: 'Forbidden (403)',
  'upload-too-large': 'Content Too Large (413)',
  'unsupported-file-type': 'Unsupported Media Type (415)',
  'limit-reached': 'Limit reached (409)',
  'rate-limited': 'Too Many Requests (429)',
};

/** The fields at fault as the tool's argument paths (`body.slug`), after the sentence. */
function withFields(text: string, errors: FieldError[] | undefined): string {
  const fields = errors?.map((e) => `${e.pointer.replace(/^\//, '').replaceAll('/', '.')}: ${e.detail}`).join('; ');
  return `${text}${fields ? ` [${fields}]` : ''}`;
}

export function toolErrorFrom(error: unknown, log: Logger, toolName: string): CallToolResult {
  if (error instanceof ToolInputError) return toolError(withField(error.message, error.field));
  if (error instanceof InvalidCursor)
    return toolError(withField('not a cursor this server issued; start again without it', 'cursor'));
  // The member API's correctable input errors (unknown lecture or event, position out of range).
  if (error instanceof AccountInputError) return toolError(withField(error.message, error.field));
  // A service's refusal is something the model can correct: what was refused, and which fields.
  if (error instanceof ServiceError)
    return toolError(withFields(`${REFUSAL[error.kind]}: ${error.detail}`, error.errors));
  // A problem raised by the HTTP layer the operation tools share (arguments the operation's schema
  // refuses) reads as the REST API said it; a 5xx stays a generic failure.
  if (error instanceof ProblemError && error.status < 500)
    return toolError(withFields(`${error.title} (${error.status}): ${error.message}`, error.errors));
  // The database connection failed under the tool: a passing condition the caller can wait out.
  if (isDatabaseUnavailable(error)) {
    log.warn({ err: error, tool: toolName }, 'database unavailable');
    return toolError(
      `The tool ${toolName} could not reach the database; try again in ${DATABASE_RETRY_AFTER_SECONDS} seconds.`,
    );
  }
  log.error({ err: error, tool: toolName }, 'MCP tool failed');
  return toolError(`The tool ${toolName} failed unexpectedly; the error has been logged. Try again later.`);
}
