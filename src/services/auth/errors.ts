// OAuth errors, one class per wire code (DESIGN habit 6). Each knows its HTTP status, whether it
// may be sent back to the client's redirect URI, and renders as RFC 6749 5.2 JSON; bearer
// challenges (RFC 6750 3) add WWW-Authenticate. The renderer in http/render.ts sends them.
import type { WireError, WireResponse } from '../../lib/wire-error.ts';
import { noStore } from '../../lib/no-store.ts';

export abstract class OAuthError extends Error implements WireError {
  readonly isWireError = true as const;
  abstract readonly code: string;
  readonly status: number = 400;
  /** False until client and redirect URI are verified: then errors go back to the client. */
  readonly redirectable: boolean = true;
  readonly extraHeaders: Record<string, string> = {};

  readonly description: string;

  constructor(description: string) {
    super(description);
    this.description = description;
  }

  toWire(): WireResponse {
    return {
      status: this.status,
      headers: { ...noStore('oauth-error'), ...this.extraHeaders },
      body: { error: this.code, error_description: this.description },
    };
  }
}

export class InvalidRequest extends OAuthError {
  readonly code = 'invalid_request';
}
/** invalid_request for a body over the size limit, which RFC 9110 15.5.14 answers with 413. */
export class InvalidRequestTooLarge extends InvalidRequest {
  override readonly status = 413;
}
export class InvalidGrant extends OAuthError {
  readonly code = 'invalid_grant';
}
export class UnauthorizedClient extends OAuthError {
  readonly code = 'unauthorized_client';
}
export class UnsupportedGrantType extends OAuthError {
  readonly code = 'unsupported_grant_type';
}
export class UnsupportedResponseType extends OAuthError {
  readonly code = 'unsupported_response_type';
}
export class InvalidScope extends OAuthError {
  readonly code = 'invalid_scope';
}
/** RFC 8707 2: the resource indicator is not one this server serves. */
export class InvalidTarget extends OAuthError {
  readonly code = 'invalid_target';
}
export class AccessDenied extends OAuthError {
  readonly code = 'access_denied';
}
/** OIDC Core 3.1.2.6 */
export class LoginRequired extends OAuthError {
  readonly code = 'login_required';
}
export class ConsentRequired extends OAuthError {
  readonly code = 'consent_required';
}
/** RFC 7591 3.2.2 */
export class InvalidClientMetadata extends OAuthError {
  readonly code = 'invalid_client_metadata';
}
export class InvalidRedirectUri extends OAuthError {
  readonly code = 'invalid_redirect_uri';
}

export class TemporarilyUnavailable extends OAuthError {
  readonly code = 'temporarily_unavailable';
  override readonly status = 503;
  override readonly extraHeaders = { 'Retry-After': '5' };
}

export class TooManyRequests extends OAuthError {
  readonly code = 'slow_down';
  override readonly status = 429;
  override readonly extraHeaders: Record<string, string>;
  /** `limitHeaders`: the RateLimit and RateLimit-Policy fields of the decision (/auth.md "Rate limits"). */
  constructor(description: string, retryAfterSeconds: number, limitHeaders: Record<string, string> = {}) {
    super(description);
    this.extraHeaders = { ...limitHeaders, 'Retry-After': String(retryAfterSeconds) };
  }
}

/**
 * RFC 6749 5.2: 401 with a WWW-Authenticate challenge when the client tried HTTP Basic; the
 * challenge is sent in every case so that clients learn which scheme to use.
 */
export class InvalidClient extends OAuthError {
  readonly code = 'invalid_client';
  override readonly status = 401;
  override readonly extraHeaders = { 'WWW-Authenticate': 'Basic realm="oauth", charset="UTF-8"' };
}

/** An error before the client and redirect URI are known: shown as a page, never redirected. */
export class UnverifiedClientError extends OAuthError {
  readonly code: string;
  override readonly redirectable = false;
  constructor(code: 'invalid_request' | 'invalid_client' | 'unauthorized_client', description: string) {
    super(description);
    this.code = code;
  }
}
