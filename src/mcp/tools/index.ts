// The hand-written tools, registered once when the MCP handler is built (mcp/http.ts), in the
// order tools/list shows them. The operator tools (the core admin operations and the catalogue
// tools) are registered after these by admin-tools/operation-tools.ts.
import type { ToolRegistry } from '../registry.ts';
import { cancelEventRegistration } from './cancel_my_event_registration.ts';
import { getCatalogCourse } from './get_catalog_course.ts';
import { getSchoolInfo } from './get_school_info.ts';
import { listMembershipPlans } from './list_catalog_membership_plans.ts';
import { listUpcomingEvents } from './list_upcoming_events.ts';
import { myEnrolledCourses } from './my_enrolled_courses.ts';
import { myEventRegistrations } from './my_event_registrations.ts';
import { myOrders } from './my_orders.ts';
import { recordLectureProgress } from './record_lecture_progress.ts';
import { registerForEvent } from './register_for_event.ts';
import { searchCatalog } from './search_catalog.ts';
import { whoami } from './whoami.ts';

export function registerBuiltInTools(registry: ToolRegistry): void {
  // Anyone, with or without a token: the public catalog reads, and whoami.
  registry.register(getSchoolInfo);
  registry.register(searchCatalog);
  registry.register(getCatalogCourse);
  registry.register(listUpcomingEvents);
  registry.register(listMembershipPlans);
  registry.register(whoami);
  // The member's own data (member token, account:read; writes also account:write).
  registry.register(myEnrolledCourses);
  registry.register(myOrders);
  registry.register(myEventRegistrations);
  registry.register(recordLectureProgress);
  registry.register(registerForEvent);
  registry.register(cancelEventRegistration);
}
