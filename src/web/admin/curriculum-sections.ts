// A course's sections: add (on the course's page), edit, delete (after a page that says what it
// does; a section that still holds lectures is refused, as the admin API's deleteSection refuses
// it with 409) and "move up/down", which sends the whole new order to reorderSections. Every
// change answers 303 to the course's page.
import type { AreaCall } from '../areas/area-route.ts';
import type { AdminPageDeps } from './types.ts';
import { Conflict } from '../../services/errors.ts';
import { field } from '../areas/forms.ts';
import { courseId, found } from './course-form.ts';
import { courseView, NO_COURSE, wholeCurriculum } from './course-edit.ts';
import {
  CURRICULUM_PURPOSES,
  movedOrder,
  readSectionForm,
  sectionFormValues,
  sectionId,
  sectionInput,
  type SectionFormValues,
} from './curriculum-form.ts';
import type { FieldErrors } from './field-errors.ts';
import { courseDone, curriculumLookup, NO_SECTION } from './curriculum-lookup.ts';

export function mountCurriculumSections({ router, area, admin }: AdminPageDeps): void {
  const { sectionOf } = curriculumLookup(admin);

  async function editView(call: AreaCall, values?: SectionFormValues, errors?: FieldErrors) {
    const { course, section } = await sectionOf(call);
    return call.page(
      './admin/section',
      {
        title: section.title,
        current: '/admin/courses',
        course,
        section,
        form: values ?? sectionFormValues(section),
        errors: errors ?? {},
        csrfToken: call.csrf(CURRICULUM_PURPOSES.sectionEdit),
      },
      errors ? 400 : 200,
    );
  }

  router.post(
    '/courses/:id/sections',
    area.action(CURRICULUM_PURPOSES.sectionCreate, async (call) => {
      const id = courseId(call.params.id);
      const values = readSectionForm(call.body);
      const checked = sectionInput(values);
      if (checked.errors) return courseView(admin, call, id, { section: values, errors: checked.errors });
      await found(admin.curriculum.createSection(call.ctx.site, id, checked.input), NO_COURSE);
      return { redirect: courseDone(id, 'section-created') };
    }),
  );

  router.get(
    '/courses/:id/sections/:sectionId',
    area.page((call) => editView(call)),
  );

  router.post(
    '/courses/:id/sections/:sectionId',
    area.action(CURRICULUM_PURPOSES.sectionEdit, async (call) => {
      const { course, section } = await sectionOf(call);
      const values = readSectionForm(call.body);
      const checked = sectionInput(values);
      if (checked.errors) return editView(call, values, checked.errors);
      await found(admin.curriculum.updateSection(call.ctx.site, course.id, section.id, checked.input), NO_SECTION);
      return { redirect: courseDone(course.id, 'section-updated') };
    }),
  );

  async function deleteView(call: AreaCall, refused = false) {
    const { course, section } = await sectionOf(call);
    return call.page(
      './admin/section-delete',
      {
        titleKey: 'adminCourses.sectionDelete.title',
        current: '/admin/courses',
        course,
        section,
        refused,
        csrfToken: call.csrf(CURRICULUM_PURPOSES.sectionDelete),
      },
      refused ? 409 : 200,
    );
  }

  router.get(
    '/courses/:id/sections/:sectionId/delete',
    area.page((call) => deleteView(call)),
  );

  router.post(
    '/courses/:id/sections/:sectionId/delete',
    area.action(CURRICULUM_PURPOSES.sectionDelete, async (call) => {
      const id = courseId(call.params.id);
      try {
        await found(admin.curriculum.deleteSection(call.ctx.site, id, sectionId(call.params.sectionId)), NO_SECTION);
      } catch (error) {
        // Lectures were added since the page was shown: said again, nothing deleted.
        if (error instanceof Conflict) return deleteView(call, true);
        throw error;
      }
      return { redirect: courseDone(id, 'section-deleted') };
    }),
  );

  router.post(
    '/courses/:id/sections/:sectionId/move',
    area.action(CURRICULUM_PURPOSES.sectionMove, async (call) => {
      const { course, section } = await sectionOf(call);
      const sections = await wholeCurriculum(admin, call.ctx.site, course.id);
      const order = movedOrder(
        sections.map((s) => s.id),
        section.id,
        field(call.body, 'direction'),
      );
      // Already first or last: nothing to move, the page as it is.
      if (!order) return { redirect: `/admin/courses/${course.id}` };
      await found(admin.curriculum.reorderSections(call.ctx.site, course.id, order), NO_COURSE);
      return { redirect: courseDone(course.id, 'section-moved') };
    }),
  );
}
