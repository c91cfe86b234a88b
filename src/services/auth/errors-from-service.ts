// Where a service's refusal reaches an OAuth endpoint, it leaves as an RFC 6749 5.2 error (DESIGN
// habit 6), never as the admin API's problem shape: the client reads `error` and
// `error_description`, and the description is the service's own sentence.
import type { RateLimited, ServiceError } from '../errors.ts';
import { AccessDenied, InvalidRequest, InvalidRequestTooLarge, TooManyRequests, type OAuthError } from './errors.ts';

export function oauthErrorOfServiceError(error: ServiceError): OAuthError {
  switch (error.kind) {
    // RFC 6749 5.2: access_denied is the resource owner or server refusing the request.
    case 'forbidden':
      return new AccessDenied(error.detail);
    // RFC 9110 15.5.14 keeps 413 for a body over the limit, with the OAuth error code of bad input.
    case 'upload-too-large':
      return new InvalidRequestTooLarge(error.detail);
    // RFC 6749 5.2: invalid_request covers a request that is malformed, names what does not exist
    // or is otherwise refused for its content.
    case 'not-found':
    case 'conflict':
    case 'rule-violation':
    case 'invalid-input':
    case 'unsupported-file-type':
    case 'limit-reached':
      return new InvalidRequest(error.detail);
    case 'rate-limited':
      return new TooManyRequests(
        error.detail,
        (error as RateLimited).retryAfterSeconds,
        (error as RateLimited).headers,
      );
  }
}
