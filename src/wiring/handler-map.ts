// Every operation of the spec mapped to its hand-written handler. `satisfies HandlerMap` makes a
// missing or extra handler a compile error (DESIGN habit 1); a test checks the same at run time.
// operationRoutes pairs each handler with the services of its surface (docs/layout.md "Which
// services each surface receives"), checked by the compiler: a handler given a bundle that lacks a
// service its context names does not compile.
import type { OperationId } from '../../generated/openapi/operations.ts';
import { adminHandlers } from '../admin/handlers/index.ts';
import { oauthHandlers } from '../oauth/handlers/index.ts';
import { publicHandlers } from '../public/handlers/index.ts';
import type { AnyOperationHandler } from '../http/handler.ts';
import type { HandlerMap, OperationRoute, OperationRoutes } from '../http/openapi-dispatch.ts';
import type { RequestContext } from '../http/request-context.ts';
import type { SurfaceServices } from './surface-services.ts';

export const handlers = {
  ...publicHandlers,
  ...oauthHandlers,
  ...adminHandlers,
} satisfies HandlerMap;

/** The surface an operation belongs to: whose handlers serve it, and so whose services it is given. */
export function surfaceOfOperation(operationId: OperationId): 'adminApi' | 'oauth' | 'public' {
  if (operationId in adminHandlers) return 'adminApi';
  return operationId in oauthHandlers ? 'oauth' : 'public';
}

/** A handler that can run with services `S`: its context asks for no service `S` lacks. */
type HandlerWith<S> = (
  request: Parameters<AnyOperationHandler>[0],
  context: RequestContext<S>,
) => ReturnType<AnyOperationHandler>;

function routesOf<S>(services: S) {
  return <H extends Record<string, HandlerWith<S>>>(surface: H): Record<keyof H, OperationRoute> => {
    const routes = {} as Record<keyof H, OperationRoute>;
    for (const operationId of Object.keys(surface) as Array<keyof H>) {
      routes[operationId] = { handler: surface[operationId] as AnyOperationHandler, services };
    }
    return routes;
  };
}

/** The route table: each operation's handler with its surface's bundle, built once at start (createApp). */
export function operationRoutes(bundles: Pick<SurfaceServices, 'adminApi' | 'oauth' | 'public'>): OperationRoutes {
  const routes = {
    ...routesOf(bundles.public)(publicHandlers),
    ...routesOf(bundles.oauth)(oauthHandlers),
    ...routesOf(bundles.adminApi)(adminHandlers),
  } satisfies Record<OperationId, OperationRoute>;
  return routes;
}
