// One course: its status with publish and archive, the edit form (the fields the admin API's
// updateCourse accepts), and its curriculum: sections in order, each with its lectures, every one
// with edit, delete and "move up/down" (forms that work without script). POST saves through the
// same service as PATCH /api/v1/courses/{id} and answers 303 to this page.
import type { AreaCall } from '../areas/area-route.ts';
import type { AdminPageDeps } from './types.ts';
import type { AdminAreaServices } from '../../services/admin-area-services.ts';
import type { Site } from '../../services/school/sites.ts';
import { textKey } from '../../lib/text-key.ts';
import {
  COURSE_PURPOSES,
  COURSE_REFUSALS,
  COURSE_STATUS,
  courseFormValues,
  courseId,
  courseInput,
  found,
  readCourseForm,
  type CourseFormValues,
} from './course-form.ts';
import { CURRICULUM_PURPOSES, LECTURE_STATUS, sectionFormValues, type SectionFormValues } from './curriculum-form.ts';
import { refusedFields, type FieldErrors } from './field-errors.ts';

export const NO_COURSE = textKey('adminCourses.error.noSuchCourse');

/** Every section of the course with its lectures, in order (the admin API's listSections, page by page). */
export async function wholeCurriculum(admin: AdminAreaServices, site: Site, id: string) {
  const sections = [];
  let cursor: string | undefined;
  do {
    const page = await found(admin.curriculum.listSections(site, id, { limit: 100, cursor }), NO_COURSE);
    sections.push(...page.data);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return sections;
}

/** What a refused form shows again: the course form's or the new section form's values and errors. */
export type CourseRefusal =
  { course: CourseFormValues; errors: FieldErrors } | { section: SectionFormValues; errors: FieldErrors };

export async function courseView(admin: AdminAreaServices, call: AreaCall, id: string, refused?: CourseRefusal) {
  const { ctx, page, csrf } = call;
  const course = await found(admin.courses.get(ctx.site, id), NO_COURSE);
  const sections = await wholeCurriculum(admin, ctx.site, id);
  return page(
    './admin/course',
    {
      title: course.title,
      current: '/admin/courses',
      course,
      sections,
      statuses: COURSE_STATUS,
      lectureStatuses: LECTURE_STATUS,
      form: refused && 'course' in refused ? refused.course : courseFormValues(course, '', ctx.site.locale),
      errors: refused && 'course' in refused ? refused.errors : {},
      sectionForm: refused && 'section' in refused ? refused.section : sectionFormValues(),
      sectionErrors: refused && 'section' in refused ? refused.errors : {},
      csrfTokens: {
        edit: csrf(COURSE_PURPOSES.edit),
        publish: csrf(COURSE_PURPOSES.publish),
        sectionCreate: csrf(CURRICULUM_PURPOSES.sectionCreate),
        sectionMove: csrf(CURRICULUM_PURPOSES.sectionMove),
        lectureMove: csrf(CURRICULUM_PURPOSES.lectureMove),
      },
    },
    refused ? 400 : 200,
  );
}

export function mountCourseEdit({ router, area, admin }: AdminPageDeps): void {
  router.get(
    '/courses/:id',
    area.page((call) => courseView(admin, call, courseId(call.params.id))),
  );

  router.post(
    '/courses/:id',
    area.action(COURSE_PURPOSES.edit, async (call) => {
      const id = courseId(call.params.id);
      const values = readCourseForm(call.body);
      const checked = courseInput(values, 'update');
      if (checked.errors) return courseView(admin, call, id, { course: values, errors: checked.errors });
      try {
        await found(admin.courses.update(call.ctx.site, id, checked.input), NO_COURSE);
      } catch (error) {
        const errors = refusedFields(error, COURSE_REFUSALS);
        if (!errors) throw error;
        return courseView(admin, call, id, { course: values, errors });
      }
      return { redirect: `/admin/courses/${id}?done=course-updated` };
    }),
  );
}
