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

export type OperationHandler<TData = unknown, TResponses = Record<number, unknown>, TContext = RequestContext> = (
  request: HandlerRequest<TData>,
  context: TContext,
) => Promise<HandlerResult<TResponses>>;

/** A handler that answers on any origin; listed in SITE_FREE_OPERATIONS. */
export type SiteFreeOperationHandler<TData = unknown, TResponses = Record<number, unknown>> = OperationHandler<TData, TResponses, SiteFreeContext>;

// Handler maps are checked against the operation list; each handler's own types are stricter.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any, not unknown: a handler with stricter parameter types must be assignable here
export type AnyOperationHandler = (request: any, context: any) => Promise<{ status: number; body: unknown; headers?: Record<string, string | string[]>; contentType?: string }>;
