// Publishing and archiving a course, through the admin API's publishCourse and archiveCourse
// services (each idempotent, each announced once by its webhook). Archiving first shows what it
// does, in numbers (OpenAPI archiveCourse: the course leaves the catalog, enrolled students keep
// their access and progress): no script may ask "are you sure?" under this CSP.
import type { AdminPageDeps } from './types.ts';
import { COURSE_PURPOSES, courseId, found } from './course-form.ts';
import { NO_COURSE } from './course-edit.ts';

export function mountCourseStatus({ router, area, admin }: AdminPageDeps): void {
  router.post(
    '/courses/:id/publish',
    area.action(COURSE_PURPOSES.publish, async ({ ctx, params }) => {
      const id = courseId(params.id);
      await found(admin.courses.publish(ctx.site, id), NO_COURSE);
      return { redirect: `/admin/courses/${id}?done=course-published` };
    }),
  );

  router.get(
    '/courses/:id/archive',
    area.page(async ({ ctx, params, page, csrf }) => {
      const id = courseId(params.id);
      const course = await found(admin.courses.get(ctx.site, id), NO_COURSE);
      // The analytics service's count of the course's enrollments by status (GET /api/v1/analytics/enrollments).
      const [stats] = (await admin.courseEnrollments(ctx.site, { course_id: id, limit: 1 })).data;
      return page('./admin/course-archive', {
        titleKey: 'adminCourses.archive.title',
        current: '/admin/courses',
        course,
        activeStudents: stats?.active ?? 0,
        csrfToken: csrf(COURSE_PURPOSES.archive),
      });
    }),
  );

  router.post(
    '/courses/:id/archive',
    area.action(COURSE_PURPOSES.archive, async ({ ctx, params }) => {
      const id = courseId(params.id);
      await found(admin.courses.archive(ctx.site, id), NO_COURSE);
      return { redirect: `/admin/courses/${id}?done=course-archived` };
    }),
  );
}
