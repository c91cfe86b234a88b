// "New course": the form, and POST /admin/courses, which creates the course as a draft through
// the admin API's createCourse service and answers 303 to the course's page (post, then redirect:
// reloading that page shows the course again, it never creates a second one).
import type { AdminPageDeps } from './types.ts';
import {
  COURSE_PURPOSES,
  COURSE_REFUSALS,
  courseFormValues,
  courseInput,
  readCourseForm,
  type CourseFormValues,
} from './course-form.ts';
import { refusedFields, type FieldErrors } from './field-errors.ts';
import type { AreaCall } from '../areas/area-route.ts';

export function mountCourseNew({ router, area, admin }: AdminPageDeps): void {
  function form({ page, csrf }: AreaCall, values: CourseFormValues, errors?: FieldErrors) {
    return page(
      './admin/course-new',
      {
        titleKey: 'adminCourses.new.title',
        current: '/admin/courses',
        form: values,
        errors: errors ?? {},
        csrfToken: csrf(COURSE_PURPOSES.create),
      },
      errors ? 400 : 200,
    );
  }

  router.get(
    '/courses/new',
    area.page(async (call) => form(call, courseFormValues(undefined, call.ctx.site.currency))),
  );

  router.post(
    '/courses',
    area.action(COURSE_PURPOSES.create, async (call) => {
      const values = readCourseForm(call.body);
      const checked = courseInput(values, 'create');
      if (checked.errors) return form(call, values, checked.errors);
      try {
        const course = await admin.courses.create(call.ctx.site, checked.input);
        return { redirect: `/admin/courses/${course.id}?done=course-created` };
      } catch (error) {
        const errors = refusedFields(error, COURSE_REFUSALS);
        if (!errors) throw error;
        return form(call, values, errors);
      }
    }),
  );
}
