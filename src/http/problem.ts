// RFC 9457 problem details: the one error shape of every non-OAuth REST operation. The HTTP layer
// and handlers throw these; services throw their own errors (services/errors.ts), which
// problem-of.ts maps to these; `renderProblem` alone turns them into bytes.
import { problemTypePath, type ProblemTypeName } from './problem-types.ts';

export type FieldError = { pointer: string; detail: string };

export class ProblemError extends Error {
  readonly status: number;
  /** A name of problem-types.ts (its page is /problems/<name> on the school's origin), or none: about:blank. */
  readonly typeName: ProblemTypeName | undefined;
  readonly title: string;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string>;
  /** RFC 9457 3.2 extension members, e.g. the RFC 6750 `error` code and `scope` of a bearer challenge. */
  readonly extensions: Record<string, string>;

  constructor(init: {
    status: number;
    title: string;
    detail: string;
    type?: ProblemTypeName;
    errors?: FieldError[];
    headers?: Record<string, string>;
    extensions?: Record<string, string>;
  }) {
    super(init.detail);
    this.status = init.status;
    this.title = init.title;
    this.typeName = init.type;
    this.errors = init.errors;
    this.headers = init.headers ?? {};
    this.extensions = init.extensions ?? {};
  }

  /**
   * docs/development.md "Problem types": the type URI on the origin of the school that answered, which serves its page
   * (RFC 9457 3.1.1: a URI that resolves to documentation). Without a school (never the case for a
   * typed problem in practice), the path alone: a URI reference resolved against the request.
   */
  typeUri(origin: string | undefined): string {
    return this.typeName ? `${origin ?? ''}${problemTypePath(this.typeName)}` : 'about:blank';
  }

  toJSON(origin?: string): Record<string, unknown> {
    return {
      type: this.typeUri(origin),
      title: this.title,
      status: this.status,
      detail: this.message,
      ...this.extensions,
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }
}

export const invalidRequest = (errors: FieldError[]): ProblemError =>
  new ProblemError({
    status: 400,
    type: 'invalid-request',
    title: 'Invalid request',
    detail: errors.map((e) => `${e.pointer}: ${e.detail}`).join('; '),
    errors,
  });

/** RFC 9110 15.5.14: a body over the size limit, with the field that broke it. */
export const contentTooLarge = (errors: FieldError[]): ProblemError =>
  new ProblemError({
    status: 413,
    type: 'content-too-large',
    title: 'Content Too Large',
    detail: errors.map((e) => `${e.pointer}: ${e.detail}`).join('; '),
    errors,
  });

export const notFound = (detail: string): ProblemError => new ProblemError({ status: 404, title: 'Not Found', detail });

export const conflict = (
  detail: string,
  errors?: FieldError[],
  type: 'conflict' | 'external-id-reused' = 'conflict',
): ProblemError => new ProblemError({ status: 409, type, title: 'Conflict', detail, ...(errors ? { errors } : {}) });

export const serviceUnavailable = (detail: string, retryAfterSeconds = 5): ProblemError =>
  new ProblemError({
    status: 503,
    title: 'Service Unavailable',
    detail,
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });

export const internalError = (): ProblemError =>
  new ProblemError({
    status: 500,
    title: 'Internal Server Error',
    detail: 'The server could not complete the request; it has been logged.',
  });
