// SQL for the courses a person teaches at one school: those their lecturer profile there is
// assigned to (lecturers.person_id links a profile to a person), with what a lecturer looks at first.
import { sql } from 'kysely';
import type { Db } from '../database.ts';
import type { CourseStatus } from '../schema.ts';

export type TaughtCourseRow = {
  id: string;
  slug: string;
  title: string;
  status: CourseStatus;
  published_lectures: number;
  active_enrollments: number;
};

/** By title; a person with no profile here, or a profile without courses, teaches none. */
export async function listTaughtCourses(db: Db, siteId: string, personId: string): Promise<TaughtCourseRow[]> {
  return db
    .selectFrom('courses as c')
    .select([
      'c.id',
      'c.slug',
      'c.title',
      'c.status',
      sql<number>`(select count(*) from lectures l where l.site_id = c.site_id and l.course_id = c.id and l.status = 'published')`.as(
        'published_lectures',
      ),
      sql<number>`(select count(*) from enrollments e where e.site_id = c.site_id and e.course_id = c.id and e.status = 'active')`.as(
        'active_enrollments',
      ),
    ])
    .where('c.site_id', '=', siteId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('course_lecturers as cl')
          .innerJoin('lecturers as lr', 'lr.id', 'cl.lecturer_id')
          .select(sql`1`.as('one'))
          .whereRef('cl.course_id', '=', 'c.id')
          .where('lr.site_id', '=', siteId)
          .where('lr.person_id', '=', personId),
      ),
    )
    .orderBy('c.title')
    .orderBy('c.id')
    .execute();
}
