// The shape each admin page file receives: the router to add its routes to, the area's gate
// (area-route.ts) and the admin area's services.
import type { Router } from 'express';
import type { AdminAreaServices } from '../../services/admin-area-services.ts';
import type { areaRoutes } from '../areas/area-route.ts';
import { textKey } from '../../lib/text-key.ts';

export type AdminPageDeps = {
  router: Router;
  area: ReturnType<typeof areaRoutes>;
  admin: AdminAreaServices;
};

/** The OAuth applications section exists only while the school has MCP connections on. */
export const MCP_SECTION_OFF = textKey('admin.applications.error.sectionOff');
