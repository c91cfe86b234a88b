// The services the authorization server's operations receive (docs/layout.md "Which services each
// surface receives"): the database its own service modules read (services/auth/), browser sessions,
// the rate limiter, the audit log, signing keys, the token lifetimes and the settings of config,
// the refresh rotation machinery, the metadata-document fetch, and the token counters. Not the admin,
// catalog or member data services.
import type { OperationHandler, PageHandler } from '../http/handler.ts';
import type { RequestContext } from '../http/request-context.ts';
import type { Services } from '../services/create-services.ts';

/** The names of the services an OAuth handler may use; the bundle createApp builds holds exactly these. */
export const OAUTH_SERVICES = [
  'db',
  'config',
  'metrics',
  'rateLimiter',
  'audit',
  'sessions',
  'signingKeys',
  'refreshSuccessorKey',
  'refreshRotations',
  'metadataFetchFailures',
  'metadataFetch',
  'tokenIssues',
] as const satisfies ReadonlyArray<keyof Services>;

export type OAuthServices = Pick<Services, (typeof OAUTH_SERVICES)[number]>;

export type OAuthContext = RequestContext<OAuthServices>;

/** An OAuth operation's handler answering JSON (oauth/handlers/). */
export type OAuthHandler<TData = unknown, TResponses = Record<number, unknown>> = OperationHandler<
  TData,
  TResponses,
  OAuthContext
>;

/** An OAuth operation answering pages and redirects (sign-in, authorize, consent). */
export type OAuthPageHandler<TData = unknown> = PageHandler<TData, OAuthContext>;
