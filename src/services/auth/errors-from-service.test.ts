// A service's refusal on an OAuth endpoint leaves as an RFC 6749 5.2 error response: a JSON
// object with `error` and `error_description`, never the admin API's problem shape.
import { describe, expect, it } from 'vitest';
import {
  Conflict,
  Forbidden,
  InvalidInput,
  NotFound,
  RuleViolation,
  UnsupportedFileType,
  UploadTooLarge,
} from '../errors.ts';
import { oauthErrorOfServiceError } from './errors-from-service.ts';

describe('oauthErrorOfServiceError (RFC 6749 5.2)', () => {
  it.each([
    ['not found', new NotFound('No client with this id.')],
    ['a conflict', new Conflict('This name is taken.')],
    ['a rule violation', RuleViolation.at('/body/redirect_uris', 'must be https')],
    ['invalid input', new InvalidInput([{ pointer: '/body/scope', detail: 'is empty' }])],
    ['an unsupported file type', new UnsupportedFileType('Accepted: PNG.')],
  ])('%s is invalid_request with status 400 and the service sentence as error_description', (_name, error) => {
    expect(oauthErrorOfServiceError(error).toWire()).toEqual({
      status: 400,
      headers: { 'Cache-Control': 'no-store' },
      body: { error: 'invalid_request', error_description: error.detail },
    });
  });

  it('a forbidden change is access_denied', () => {
    expect(oauthErrorOfServiceError(new Forbidden('owner-required', 'Only an owner may.')).toWire().body).toEqual({
      error: 'access_denied',
      error_description: 'Only an owner may.',
    });
  });

  it('a body over the limit keeps 413 (RFC 9110 15.5.14) with invalid_request', () => {
    const wire = oauthErrorOfServiceError(new UploadTooLarge(10)).toWire();
    expect(wire.status).toBe(413);
    expect(wire.body.error).toBe('invalid_request');
  });
});
