// The services the admin REST API receives: the admin services alone, which compose every subject
// service its handlers call (services/admin-services.ts). No session, key or token machinery
// reaches an admin handler (docs/layout.md "Which services each surface receives").
import type { OperationHandler } from '../http/handler.ts';
import type { RequestContext } from '../http/request-context.ts';
import type { Services } from '../services/create-services.ts';

/** The names of the services an admin handler may use; the bundle createApp builds holds exactly these. */
export const ADMIN_API_SERVICES = ['admin'] as const satisfies ReadonlyArray<keyof Services>;

export type AdminApiServices = Pick<Services, (typeof ADMIN_API_SERVICES)[number]>;

export type AdminApiContext = RequestContext<AdminApiServices>;

/** An admin operation's handler (one file per operationId under admin/handlers/). */
export type AdminApiHandler<TData = unknown, TResponses = Record<number, unknown>> = OperationHandler<
  TData,
  TResponses,
  AdminApiContext
>;
