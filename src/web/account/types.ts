// The shape each account page file receives: the router, the area's gate and its service.
import type { Router } from 'express';
import type { createConnectedApplications } from '../../services/account-area/connected-applications.ts';
import type { areaRoutes } from '../areas/area-route.ts';

export type AccountPageDeps = {
  router: Router;
  area: ReturnType<typeof areaRoutes>;
  apps: ReturnType<typeof createConnectedApplications>;
};
