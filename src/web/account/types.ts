// The shape each account page file receives: the router, the area's gate and its service.
import type { Router } from 'express';
import type { createConnectedApplications } from '../../services/auth/connected-apps/of-person.ts';
import type { AccountService } from '../../services/people/own-data.ts';
import type { Services } from '../../services/create-services.ts';
import type { areaRoutes } from '../areas/area-route.ts';

export type AccountPageDeps = {
  router: Router;
  area: ReturnType<typeof areaRoutes>;
  apps: ReturnType<typeof createConnectedApplications>;
  /** The member data service /account/graphql and the MCP member tools read (docs/development.md "Page languages"). */
  account: AccountService;
  /** Browser sessions, the rate limiter, the audit log and the access trail's database (/account/sessions). */
  services: Pick<Services, 'sessions' | 'rateLimiter' | 'audit' | 'db'>;
};
