// What a service throws when it refuses (DESIGN habit 15): the rule that failed, in words a
// person can act on, and which request fields are at fault, as JSON Pointers into the request
// (`/body/slug`, `/path/id`, `/query/to`). Nothing here knows HTTP: each surface maps these once,
// the admin API to RFC 9457 problems (http/problem-of.ts), OAuth to RFC 6749 5.2 errors
// (services/auth/errors-from-service.ts), GraphQL to error codes (graphql/errors.ts) and MCP to tool
// errors (mcp/tool-errors.ts).

/** A request field at fault: a JSON Pointer into the request (RFC 6901) and what is wrong with it. */
export type FieldError = { pointer: string; detail: string };

/** One name per kind of refusal; a surface's mapper switches over them, so a new kind fails to compile there until mapped. */
export type ServiceErrorKind =
  | 'not-found'
  | 'conflict'
  | 'rule-violation'
  | 'invalid-input'
  | 'forbidden'
  | 'upload-too-large'
  | 'unsupported-file-type'
  | 'limit-reached'
  | 'rate-limited';

export abstract class ServiceError extends Error {
  abstract readonly kind: ServiceErrorKind;
  /** The fields at fault, when the refusal concerns particular fields of the request. */
  readonly errors: FieldError[] | undefined;

  constructor(detail: string, errors?: FieldError[]) {
    super(detail);
    this.errors = errors;
  }

  /** The sentence a person reads: what was refused and why. */
  get detail(): string {
    return this.message;
  }
}

/** The object named does not exist at this school (or is not the caller's to see). */
export class NotFound extends ServiceError {
  readonly kind = 'not-found';
}

/**
 * Why a conflict needs its own problem type: a reference that names one request (an order's
 * external_id) sent again with other parameters, as an idempotency key reused would be.
 */
export type ConflictReason = 'external-id-reused';

/** The change collides with the school's data: a value already taken, an object still in use. */
export class Conflict extends ServiceError {
  readonly kind = 'conflict';
  readonly reason: ConflictReason | undefined;

  constructor(detail: string, errors?: FieldError[], reason?: ConflictReason) {
    super(detail, errors);
    this.reason = reason;
  }
}

/**
 * Well-formed input that breaks a rule of the school's data (a position past the end of its
 * section, an archived plan). Without pointers when the rule concerns the stored object itself.
 */
export class RuleViolation extends ServiceError {
  readonly kind = 'rule-violation';

  /** The one field that breaks the rule, described by the same words. */
  static at(pointer: string, detail: string): RuleViolation {
    return new RuleViolation(detail, [{ pointer, detail }]);
  }
}

/** Input the schema could not refuse (two fields that exclude each other, an empty file). */
export class InvalidInput extends ServiceError {
  readonly kind = 'invalid-input';

  constructor(errors: FieldError[]) {
    super(errors.map((e) => `${e.pointer}: ${e.detail}`).join('; '), errors);
  }
}

/** Why a caller who is known may still not make a change. */
export type ForbiddenReason = 'owner-required' | 'owner-standing';

/** The caller is known, but the change needs a role the caller does not hold. */
export class Forbidden extends ServiceError {
  readonly kind = 'forbidden';
  readonly reason: ForbiddenReason;

  constructor(reason: ForbiddenReason, detail: string, errors?: FieldError[]) {
    super(detail, errors);
    this.reason = reason;
  }
}

/** An uploaded file over the school's size limit; the rest of the upload is left unread. */
export class UploadTooLarge extends ServiceError {
  readonly kind = 'upload-too-large';
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    super(`Files may be at most ${maxBytes} bytes.`);
    this.maxBytes = maxBytes;
  }
}

/** An uploaded file of a type the school does not store; the detail names the types accepted. */
export class UnsupportedFileType extends ServiceError {
  readonly kind = 'unsupported-file-type';
}

/** The school has as many of a thing as the deployment allows (WEBHOOK_ENDPOINTS_PER_SCHOOL, ...). */
export class LimitReached extends ServiceError {
  readonly kind = 'limit-reached';
}

/**
 * An action repeated faster than its policy allows (/auth.md "Rate limits"): `headers` are the
 * RateLimit fields and Retry-After of the decision, which every surface that can passes on.
 */
export class RateLimited extends ServiceError {
  readonly kind = 'rate-limited';
  readonly retryAfterSeconds: number;
  readonly headers: Record<string, string>;

  constructor(detail: string, retryAfterSeconds: number, headers: Record<string, string>) {
    super(detail);
    this.retryAfterSeconds = retryAfterSeconds;
    this.headers = headers;
  }
}
