// The admin API's problem for each kind of service refusal (RFC 9457 3.1: type, title, status,
// detail; 3.2: the `errors` extension member with JSON Pointers), as the OpenAPI document's
// responses describe them.
import { describe, expect, it } from 'vitest';
import { CursorCodec, InvalidCursor } from '../db/pagination/cursor.ts';
import {
  Conflict,
  Forbidden,
  InvalidInput,
  LimitReached,
  NotFound,
  RateLimited,
  RuleViolation,
  UnsupportedFileType,
  UploadTooLarge,
} from '../services/errors.ts';
import { problemOfInvalidCursor, problemOfServiceError } from './problem-of.ts';

const ORIGIN = 'https://school.example';
const field = { pointer: '/body/slug', detail: 'is already taken' };

describe('problemOfServiceError (RFC 9457 3.1 members, 3.2 extension `errors`)', () => {
  it('not found is 404 about:blank (RFC 9457 4.2.1: the status says it all), with pointers when given', () => {
    expect(problemOfServiceError(new NotFound('No course with that id at this school.')).toJSON(ORIGIN)).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'No course with that id at this school.',
    });
    const named = new NotFound('No course with that id at this school.', [
      { pointer: '/body/course_id', detail: 'names no course at this school' },
    ]);
    expect(problemOfServiceError(named).toJSON(ORIGIN).errors).toEqual([
      { pointer: '/body/course_id', detail: 'names no course at this school' },
    ]);
  });

  it('a conflict is 409 of type conflict, with the field when one field is the cause', () => {
    expect(
      problemOfServiceError(new Conflict('A course with this slug already exists.', [field])).toJSON(ORIGIN),
    ).toEqual({
      type: `${ORIGIN}/problems/conflict`,
      title: 'Conflict',
      status: 409,
      detail: 'A course with this slug already exists.',
      errors: [field],
    });
    expect(problemOfServiceError(new Conflict('This event is full.')).toJSON(ORIGIN)).not.toHaveProperty('errors');
  });

  it('a conflict with a reason is 409 of the type the reason names (OpenAPI createOrder: external-id-reused)', () => {
    const reused = new Conflict('An external_id names one sale.', [field], 'external-id-reused');
    expect(problemOfServiceError(reused).toJSON(ORIGIN)).toMatchObject({
      type: `${ORIGIN}/problems/external-id-reused`,
      status: 409,
      errors: [field],
    });
  });

  it('a rule violation is 422 of type unprocessable, pointing at the field; without pointers when the rule concerns the object', () => {
    expect(
      problemOfServiceError(RuleViolation.at('/body/ends_at', 'must not be before starts_at')).toJSON(ORIGIN),
    ).toEqual({
      type: `${ORIGIN}/problems/unprocessable`,
      title: 'Unprocessable Content',
      status: 422,
      detail: 'must not be before starts_at',
      errors: [{ pointer: '/body/ends_at', detail: 'must not be before starts_at' }],
    });
    expect(
      problemOfServiceError(new RuleViolation('A cancelled event stays cancelled.')).toJSON(ORIGIN),
    ).not.toHaveProperty('errors');
  });

  it('input the schema could not refuse is 400 of type invalid-request, its detail listing each pointer', () => {
    const errors = [{ pointer: '/body/amount_off', detail: 'cannot be combined with percent_off' }];
    expect(problemOfServiceError(new InvalidInput(errors)).toJSON(ORIGIN)).toEqual({
      type: `${ORIGIN}/problems/invalid-request`,
      title: 'Invalid request',
      status: 400,
      detail: '/body/amount_off: cannot be combined with percent_off',
      errors,
    });
  });

  it('an owner-only change is 403 of type owner-required, naming the field', () => {
    const errors = [{ pointer: '/body/open_registration', detail: 'only an owner of the school may change this' }];
    expect(
      problemOfServiceError(new Forbidden('owner-required', 'Only an owner may change this.', errors)).toJSON(ORIGIN),
    ).toEqual({
      type: `${ORIGIN}/problems/owner-required`,
      title: 'Forbidden',
      status: 403,
      detail: 'Only an owner may change this.',
      errors,
    });
  });

  it('an upload over the limit is 413 and closes the connection (RFC 9112 9.6: the rest of the body is unread)', () => {
    const problem = problemOfServiceError(new UploadTooLarge(1024));
    expect(problem.toJSON(ORIGIN)).toEqual({
      type: 'about:blank',
      title: 'Content Too Large',
      status: 413,
      detail: 'Files may be at most 1024 bytes.',
    });
    expect(problem.headers).toEqual({ Connection: 'close' });
  });

  it('a file of a type the school does not store is 415 of type unsupported-media-type (RFC 9110 15.5.16)', () => {
    expect(problemOfServiceError(new UnsupportedFileType('Accepted: PNG.')).toJSON(ORIGIN)).toEqual({
      type: `${ORIGIN}/problems/unsupported-media-type`,
      title: 'Unsupported Media Type',
      status: 415,
      detail: 'Accepted: PNG.',
    });
  });

  it('a limit of the school reached is 409 of type limit-reached (/webhooks.md "Limits")', () => {
    expect(problemOfServiceError(new LimitReached('At most 16 endpoints.')).toJSON(ORIGIN)).toEqual({
      type: `${ORIGIN}/problems/limit-reached`,
      title: 'Limit reached',
      status: 409,
      detail: 'At most 16 endpoints.',
    });
  });

  it("a rate-limited action is 429 about:blank with the decision's Retry-After and RateLimit fields (RFC 6585 4)", () => {
    const headers = { RateLimit: 'limit=2, remaining=0, reset=7', 'RateLimit-Policy': '2;w=60', 'Retry-After': '7' };
    const problem = problemOfServiceError(new RateLimited('Try again in 7 s.', 7, headers));
    expect(problem.toJSON(ORIGIN)).toEqual({
      type: 'about:blank',
      title: 'Too Many Requests',
      status: 429,
      detail: 'Try again in 7 s.',
    });
    expect(problem.headers).toEqual(headers);
  });
});

describe('problemOfInvalidCursor (RFC 9457 3.2: the pointer names the parameter)', () => {
  it('a cursor this API did not issue is 400 pointing at /query/cursor', () => {
    expect(problemOfInvalidCursor(new InvalidCursor('not a cursor this API issued')).toJSON(ORIGIN)).toEqual({
      type: `${ORIGIN}/problems/invalid-request`,
      title: 'Invalid request',
      status: 400,
      detail: '/query/cursor: not a cursor this API issued; start again without it',
      errors: [{ pointer: '/query/cursor', detail: 'not a cursor this API issued; start again without it' }],
    });
  });

  it('every refusal of the codec (forged, or issued for another list or sort) advises starting again once', () => {
    const codec = new CursorCodec();
    const issued = codec.encode({ list: 'courses', sort: '-created_at' }, { v: '2026-01-01T00:00:00.000000Z', id: ID });
    const refusals = [
      () => codec.decode(`${issued}x`, { list: 'courses', sort: '-created_at' }, 'time'),
      () => codec.decode(issued, { list: 'coupons', sort: '-created_at' }, 'time'),
      () => codec.decode(issued, { list: 'courses', sort: 'title' }, 'text'),
    ];
    for (const refuse of refusals) {
      let error: unknown;
      try {
        refuse();
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(InvalidCursor);
      const { detail } = problemOfInvalidCursor(error as InvalidCursor).toJSON(ORIGIN) as { detail: string };
      expect(detail.split('start again without it')).toHaveLength(2);
    }
  });
});

const ID = '00000000-0000-4000-8000-000000000001';
