// RFC 6749 3.2 / RFC 7009 2.1 / RFC 7662 2.1: these endpoints take application/x-www-form-urlencoded
// bodies only; a JSON body is an invalid_request, not something to guess at.
import { InvalidRequest } from '../services/auth/errors.ts';

export function requireFormBody(headers: Readonly<Record<string, string | string[] | undefined>>): void {
  const type = headers['content-type'];
  const value = Array.isArray(type) ? type[0] : type;
  if (!value || !/^application\/x-www-form-urlencoded\s*(;|$)/i.test(value)) {
    throw new InvalidRequest('The request body must be application/x-www-form-urlencoded.');
  }
}

/** The first value of a header that may have been sent more than once. */
export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
