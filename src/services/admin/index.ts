// The services behind the administrative REST API, one per scope family.
import type { Db } from '../../db/database.ts';
import { createCourseAdmin } from './courses.ts';

export function createAdminServices(db: Db) {
  return {
    courses: createCourseAdmin(db),
  };
}

export type AdminServices = ReturnType<typeof createAdminServices>;
