// For the unit tests that read the route table's shape (the MCP operation catalogue, its schemas and
// scopes) and never run a handler: every handler paired with an empty bundle. A handler run with
// these would fail on its first service; the tests that run handlers go through createApp.
import type { OperationRoutes } from '../http/openapi-dispatch.ts';
import { operationRoutes } from './handler-map.ts';
import type { SurfaceServices } from './surface-services.ts';

export function routesWithoutServices(): OperationRoutes {
  const none = {} as SurfaceServices[keyof SurfaceServices];
  return operationRoutes({ adminApi: none, oauth: none, public: none } as unknown as Parameters<
    typeof operationRoutes
  >[0]);
}
