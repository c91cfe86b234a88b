// The seam between the HTTP edge and the hand-written handlers (DESIGN habit 3): a handler takes
// the validated request and a context, and returns {status, body, headers}. It never sees express.
import type { RequestContext, SiteFreeContext } from './request-context.ts';

/** Typed input of one operation; `TData` is the `<OperationId>Data` type hey-api generates. */
export type HandlerRequest<TData> = {
  path: TData extends { path?: infer P } ? NonNullable<P> : never;
  query: TData extends { query?: infer Q } ? NonNullable<Q> : never;
  body: TData extends { body?: infer B } ? B : never;
  headers: Readonly<Record<string, string | string[] | undefined>>;
};

/** One of the documented success responses; errors are thrown and rendered in one place. */
export type HandlerResult<TResponses = Record<number, unknown>> = {
  [S in keyof TResponses]: {
    status: S;
    body: TResponses[S];
    headers?: Record<string, string | string[]>;
    /** Defaults to application/json; a string body with another type is sent as is. */
    contentType?: string;
  };
}[keyof TResponses];

/**
 * An HTML page (http/pages/render-page.ts) or another document sent as is with its own content type. The
 * spec documents its body as a string; the response validator checks the status it carries.
 */
export type PageResult = {
  status: number;
  body: string;
  contentType: string;
  headers: Record<string, string | string[]>;
};

/** A redirect (RFC 9110 15.4): 302 back to an OAuth client, 303 after a form; the target is in Location. */
export type RedirectResult = {
  status: 302 | 303;
  body: undefined;
  headers: Record<string, string | string[]> & { Location: string };
};

/**
 * `TContext` carries the services of the handler's surface (admin/admin-api-services.ts, oauth/oauth-services.ts,
 * public/public-services.ts); the default carries none. `TOther` is what the operation may answer besides its
 * documented JSON responses: pages and redirects.
 */
export type OperationHandler<
  TData = unknown,
  TResponses = Record<number, unknown>,
  TContext = RequestContext<unknown>,
  TOther = never,
> = (request: HandlerRequest<TData>, context: TContext) => Promise<HandlerResult<TResponses> | TOther>;

/** A browser-facing operation: it answers with HTML pages and redirects only. */
export type PageHandler<TData = unknown, TContext = RequestContext<unknown>> = OperationHandler<
  TData,
  Record<never, unknown>,
  TContext,
  PageResult | RedirectResult
>;

/** A handler that answers on any origin; listed in SITE_FREE_OPERATIONS (site-free-operations.ts). */
export type SiteFreeOperationHandler<
  TData = unknown,
  TResponses = Record<number, unknown>,
  TServices = unknown,
> = OperationHandler<TData, TResponses, SiteFreeContext<TServices>>;

// Handler maps are checked against the operation list; each handler's own types are stricter.
/* eslint-disable @typescript-eslint/no-explicit-any -- any, not unknown: a handler with stricter parameter types must
   be assignable here */
export type AnyOperationHandler = (
  request: any,
  context: any,
) => Promise<{ status: number; body: unknown; headers?: Record<string, string | string[]>; contentType?: string }>;
/* eslint-enable @typescript-eslint/no-explicit-any */
