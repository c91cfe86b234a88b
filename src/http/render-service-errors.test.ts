// A service's refusal is rendered in the shape of the operation it reached (DESIGN habit 6): an
// admin operation answers an RFC 9457 problem (application/problem+json), an OAuth endpoint an
// RFC 6749 5.2 error (application/json, Cache-Control: no-store).
import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { InvalidCursor } from '../db/pagination/cursor.ts';
import { Conflict, RuleViolation } from '../services/errors.ts';
import { renderError } from './render.ts';

function capture(method: string, path: string, error: unknown) {
  const sent = { status: 0, headers: {} as Record<string, string>, type: '', body: undefined as unknown };
  const req = { method, path } as unknown as Request;
  const res = {
    headersSent: false,
    req,
    status(code: number) {
      sent.status = code;
      return this;
    },
    setHeader(name: string, value: string) {
      sent.headers[name] = value;
      return this;
    },
    type(value: string) {
      sent.type = value;
      return this;
    },
    send(body: string) {
      sent.body = JSON.parse(body);
      return this;
    },
  } as unknown as Response;
  renderError(req, res, error);
  return sent;
}

describe('renderError for service errors', () => {
  it('an admin operation answers the problem (RFC 9457 3.1)', () => {
    const sent = capture(
      'POST',
      '/api/v1/courses',
      new Conflict('A course with this slug already exists.', [{ pointer: '/body/slug', detail: 'is already taken' }]),
    );
    expect(sent.status).toBe(409);
    expect(sent.type).toBe('application/problem+json');
    expect(sent.body).toEqual({
      type: '/problems/conflict',
      title: 'Conflict',
      status: 409,
      detail: 'A course with this slug already exists.',
      errors: [{ pointer: '/body/slug', detail: 'is already taken' }],
    });
  });

  it('the token endpoint answers invalid_request (RFC 6749 5.2), never the problem shape', () => {
    const sent = capture('POST', '/api/oauth/token', RuleViolation.at('/body/resource', 'is not served here'));
    expect(sent.status).toBe(400);
    expect(sent.type).toBe('application/json');
    expect(sent.headers['Cache-Control']).toBe('no-store');
    expect(sent.body).toEqual({ error: 'invalid_request', error_description: 'is not served here' });
  });

  it('a cursor this API did not issue is a 400 pointing at /query/cursor (RFC 9457 3.1)', () => {
    const sent = capture('GET', '/api/v1/courses', new InvalidCursor('not a cursor this API issued'));
    expect(sent.status).toBe(400);
    expect(sent.body).toMatchObject({
      status: 400,
      errors: [{ pointer: '/query/cursor', detail: 'not a cursor this API issued; start again without it' }],
    });
  });
});
