// A course's lectures: add (to a section), edit, delete (after a page that says what it does; a
// lecture with student progress is refused, as the admin API's deleteLecture refuses it with 409)
// and "move up/down" within its section, which sends the whole new order to reorderLectures. Every
// change answers 303 to the course's page; content that does not fit its type is said beside it.
import type { AreaCall } from '../areas/area-route.ts';
import type { AdminPageDeps } from './types.ts';
import { Conflict } from '../../services/errors.ts';
import { field } from '../areas/forms.ts';
import { found } from './course-form.ts';
import {
  CONTENT_TYPES,
  CURRICULUM_PURPOSES,
  LECTURE_REFUSALS,
  LECTURE_STATUS,
  lectureFormValues,
  lectureInput,
  movedOrder,
  readLectureForm,
  type LectureFormValues,
} from './curriculum-form.ts';
import { refusedFields, type FieldErrors } from './field-errors.ts';
import { courseDone, curriculumLookup, NO_LECTURE, NO_SECTION } from './curriculum-lookup.ts';

export function mountCurriculumLectures({ router, area, admin }: AdminPageDeps): void {
  const { sectionOf, lectureOf } = curriculumLookup(admin);

  const words = { contentTypes: CONTENT_TYPES, statuses: LECTURE_STATUS };

  async function newView(call: AreaCall, values?: LectureFormValues, errors?: FieldErrors) {
    const { course, section } = await sectionOf(call);
    return call.page(
      './admin/lecture-new',
      {
        titleKey: 'adminCourses.lectureNew.title',
        current: '/admin/courses',
        course,
        section,
        form: values ?? lectureFormValues(),
        errors: errors ?? {},
        words,
        csrfToken: call.csrf(CURRICULUM_PURPOSES.lectureCreate),
      },
      errors ? 400 : 200,
    );
  }

  router.get(
    '/courses/:id/sections/:sectionId/lectures/new',
    area.page((call) => newView(call)),
  );

  router.post(
    '/courses/:id/sections/:sectionId/lectures',
    area.action(CURRICULUM_PURPOSES.lectureCreate, async (call) => {
      const { course, section } = await sectionOf(call);
      const values = readLectureForm(call.body);
      const checked = lectureInput(values);
      if (checked.errors) return newView(call, values, checked.errors);
      try {
        await found(admin.curriculum.createLecture(call.ctx.site, course.id, section.id, checked.input), NO_SECTION);
      } catch (error) {
        const errors = refusedFields(error, LECTURE_REFUSALS);
        if (!errors) throw error;
        return newView(call, values, errors);
      }
      return { redirect: courseDone(course.id, 'lecture-created') };
    }),
  );

  async function editView(call: AreaCall, values?: LectureFormValues, errors?: FieldErrors) {
    const { course, lecture } = await lectureOf(call);
    return call.page(
      './admin/lecture',
      {
        title: lecture.title,
        current: '/admin/courses',
        course,
        lecture,
        form: values ?? lectureFormValues(lecture),
        errors: errors ?? {},
        words,
        csrfToken: call.csrf(CURRICULUM_PURPOSES.lectureEdit),
      },
      errors ? 400 : 200,
    );
  }

  router.get(
    '/courses/:id/lectures/:lectureId',
    area.page((call) => editView(call)),
  );

  router.post(
    '/courses/:id/lectures/:lectureId',
    area.action(CURRICULUM_PURPOSES.lectureEdit, async (call) => {
      const { course, lecture } = await lectureOf(call);
      const values = readLectureForm(call.body);
      const checked = lectureInput(values);
      if (checked.errors) return editView(call, values, checked.errors);
      try {
        await found(admin.curriculum.updateLecture(call.ctx.site, lecture.id, checked.input), NO_LECTURE);
      } catch (error) {
        const errors = refusedFields(error, LECTURE_REFUSALS);
        if (!errors) throw error;
        return editView(call, values, errors);
      }
      return { redirect: courseDone(course.id, 'lecture-updated') };
    }),
  );

  async function deleteView(call: AreaCall, refused = false) {
    const { course, lecture } = await lectureOf(call);
    return call.page(
      './admin/lecture-delete',
      {
        titleKey: 'adminCourses.lectureDelete.title',
        current: '/admin/courses',
        course,
        lecture,
        refused,
        csrfToken: call.csrf(CURRICULUM_PURPOSES.lectureDelete),
      },
      refused ? 409 : 200,
    );
  }

  router.get(
    '/courses/:id/lectures/:lectureId/delete',
    area.page((call) => deleteView(call)),
  );

  router.post(
    '/courses/:id/lectures/:lectureId/delete',
    area.action(CURRICULUM_PURPOSES.lectureDelete, async (call) => {
      const { course, lecture } = await lectureOf(call);
      try {
        await found(admin.curriculum.deleteLecture(call.ctx.site, lecture.id), NO_LECTURE);
      } catch (error) {
        // Students have progress on it: said on the page, nothing deleted (draft hides it instead).
        if (error instanceof Conflict) return deleteView(call, true);
        throw error;
      }
      return { redirect: courseDone(course.id, 'lecture-deleted') };
    }),
  );

  router.post(
    '/courses/:id/lectures/:lectureId/move',
    area.action(CURRICULUM_PURPOSES.lectureMove, async (call) => {
      const { course, lecture } = await lectureOf(call);
      const section = await found(
        admin.curriculum.getSection(call.ctx.site, course.id, lecture.section_id),
        NO_SECTION,
      );
      const order = movedOrder(
        section.lectures.map((l) => l.id),
        lecture.id,
        field(call.body, 'direction'),
      );
      if (!order) return { redirect: `/admin/courses/${course.id}` };
      await found(admin.curriculum.reorderLectures(call.ctx.site, course.id, section.id, order), NO_SECTION);
      return { redirect: courseDone(course.id, 'lecture-moved') };
    }),
  );
}
