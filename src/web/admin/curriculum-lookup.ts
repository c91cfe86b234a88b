// The course, section and lecture a curriculum page's path names, read through the admin API's
// services: each only within the course of the path (another course's lecture is not found), and
// each missing one said as the area's not-found page in the page's language.
import { textKey } from '../../lib/text-key.ts';
import { AreaNotFound } from '../../services/audit/actor.ts';
import type { AdminAreaServices } from '../../services/admin-area-services.ts';
import type { AreaCall } from '../areas/area-route.ts';
import { courseId, found } from './course-form.ts';
import { NO_COURSE } from './course-edit.ts';
import { lectureId, sectionId } from './curriculum-form.ts';

export const NO_SECTION = textKey('adminCourses.error.noSuchSection');
export const NO_LECTURE = textKey('adminCourses.error.noSuchLecture');

/** Where a curriculum change returns: the course's page, with the notice of what was done. */
export const courseDone = (id: string, done: string) => `/admin/courses/${id}?done=${done}`;

export function curriculumLookup(admin: AdminAreaServices) {
  return {
    /** The :id course and its :sectionId section (with its lectures). */
    sectionOf: async ({ ctx, params }: AreaCall) => {
      const course = await found(admin.courses.get(ctx.site, courseId(params.id)), NO_COURSE);
      const section = await found(
        admin.curriculum.getSection(ctx.site, course.id, sectionId(params.sectionId)),
        NO_SECTION,
      );
      return { course, section };
    },

    /** The :id course and its :lectureId lecture. */
    lectureOf: async ({ ctx, params }: AreaCall) => {
      const course = await found(admin.courses.get(ctx.site, courseId(params.id)), NO_COURSE);
      const lecture = await found(admin.curriculum.getLecture(ctx.site, lectureId(params.lectureId)), NO_LECTURE);
      if (lecture.course_id !== course.id) throw new AreaNotFound(NO_LECTURE);
      return { course, lecture };
    },
  };
}
