// Every operation of the spec mapped to its hand-written handler. `satisfies HandlerMap` makes a
// missing or extra handler a compile error (DESIGN habit 1); a test checks the same at run time.
import { adminHandlers } from '../admin/handlers/index.ts';
import { oauthHandlers } from '../oauth/handlers/index.ts';
import { publicHandlers } from '../public/handlers/index.ts';
import type { HandlerMap } from '../http/openapi-dispatch.ts';

export const handlers = {
  ...publicHandlers,
  ...oauthHandlers,
  ...adminHandlers,
} satisfies HandlerMap;
