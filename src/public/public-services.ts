// The services the public documents and probes receive (docs/layout.md "Which services each surface
// receives"): the published catalog, the database (readiness asks it; the pricing document reads
// published prices through services/documents/pricing-md.ts), config (the settings /auth.md and
// /webhooks.md state) and the rate limiter (whose policies /auth.md states).
import type { OperationHandler, PageHandler, SiteFreeOperationHandler } from '../http/handler.ts';
import type { RequestContext } from '../http/request-context.ts';
import type { Services } from '../services/create-services.ts';

/** The names of the services a public handler may use; the bundle createApp builds holds exactly these. */
export const PUBLIC_SERVICES = ['catalog', 'db', 'config', 'rateLimiter'] as const satisfies ReadonlyArray<
  keyof Services
>;

export type PublicServices = Pick<Services, (typeof PUBLIC_SERVICES)[number]>;

export type PublicContext = RequestContext<PublicServices>;

/** A public operation's handler (public/handlers/); `TOther`: the pages and documents it may answer besides JSON. */
export type PublicHandler<TData = unknown, TResponses = Record<number, unknown>, TOther = never> = OperationHandler<
  TData,
  TResponses,
  PublicContext,
  TOther
>;

export type PublicPageHandler<TData = unknown> = PageHandler<TData, PublicContext>;

/** A probe, answering on any origin (http/site-free-operations.ts). */
export type PublicSiteFreeHandler<TData = unknown, TResponses = Record<number, unknown>> = SiteFreeOperationHandler<
  TData,
  TResponses,
  PublicServices
>;
