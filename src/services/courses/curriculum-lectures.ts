// Rules of lectures: new ones are drafts unless told otherwise (a half-written lecture never
// shows in a live course), content must fit its type (422), positions stay gapless within each
// section, a move stays inside the lecture's course (422), and a lecture with student progress
// is not deleted (409: the progress would go with it; unpublish it instead).
import type { Db } from '../../db/database.ts';
import * as sections from '../../db/repositories/course-sections.ts';
import * as lectures from '../../db/repositories/lectures.ts';
import type { LectureContentType } from '../../db/schema.ts';
import { Conflict, RuleViolation } from '../errors.ts';
import type { Site } from '../school/sites.ts';
import { checkFullOrder } from './curriculum-sections.ts';
import { sanitizeSchoolHtml, withSanitizedHtml } from '../../lib/rich-text.ts';
import {
  checkContent,
  lectureNotFound,
  placeAt,
  sectionNotFound,
  toLecture,
  toSection,
  withCourseLocked,
} from './curriculum-shapes.ts';

/** OpenAPI "School text and HTML": `text` content is school HTML, sanitised on every write (lib/rich-text.ts). */
function sanitizedContent<T extends LectureInput>(input: T, type: LectureContentType, current?: string | null): T {
  if (type !== 'text') return input;
  // A lecture turned into `text` keeps its old content unless sent: that content is sanitised too.
  if (input.content === undefined && current != null) return { ...input, content: sanitizeSchoolHtml(current) };
  return withSanitizedHtml(input, ['content']);
}

export type LectureInput = {
  title?: string;
  content_type?: LectureContentType;
  content?: string | null;
  duration_seconds?: number;
  is_free_preview?: boolean;
  status?: 'draft' | 'published';
};

export function createLectureAdmin(db: Db) {
  async function mustFind(trx: Db, site: Site, id: string) {
    const row = await lectures.findLecture(trx, site.id, id);
    if (!row) throw lectureNotFound();
    return row;
  }

  /** Locks the lecture's course, then reads the lecture again: it may have moved meanwhile. */
  async function withLectureLocked<T>(
    site: Site,
    id: string,
    work: (trx: Db, lecture: lectures.LectureRow) => Promise<T>,
  ): Promise<T> {
    const before = await mustFind(db, site, id);
    return withCourseLocked(db, site.id, before.course_id, async (trx) => work(trx, await mustFind(trx, site, id)));
  }

  return {
    async getLecture(site: Site, id: string) {
      return toLecture(await mustFind(db, site, id));
    },

    async createLecture(
      site: Site,
      courseId: string,
      sectionId: string,
      raw: LectureInput & { title: string; content_type: LectureContentType; position?: number },
    ) {
      checkContent(raw.content_type, raw.content, '/body/content');
      const input = sanitizedContent(raw, raw.content_type);
      return withCourseLocked(db, site.id, courseId, async (trx) => {
        if (!(await sections.findSection(trx, site.id, courseId, sectionId))) throw sectionNotFound();
        const { position: requested, ...fields } = input;
        const position = placeAt(requested, await lectures.lastLecturePosition(trx, site.id, sectionId));
        await lectures.shiftLectures(trx, site.id, sectionId, position, 1);
        const row = await lectures.insertLecture(trx, {
          status: 'draft',
          ...fields,
          site_id: site.id,
          course_id: courseId,
          section_id: sectionId,
          position,
        });
        return toLecture(row);
      });
    },

    async updateLecture(site: Site, id: string, input: LectureInput) {
      const current = await mustFind(db, site, id);
      const type = input.content_type ?? current.content_type;
      checkContent(
        type,
        input.content === undefined ? current.content : input.content,
        input.content === undefined ? '/body/content_type' : '/body/content',
      );
      const row = await lectures.updateLecture(db, site.id, id, sanitizedContent(input, type, current.content));
      if (!row) throw lectureNotFound();
      return toLecture(row);
    },

    async deleteLecture(site: Site, id: string): Promise<void> {
      await withLectureLocked(site, id, async (trx, lecture) => {
        if (await lectures.lectureHasProgress(trx, site.id, id)) {
          throw new Conflict(
            'Students have progress on this lecture; set its status to draft to hide it instead of deleting it.',
          );
        }
        await lectures.deleteLecture(trx, site.id, id);
        await lectures.shiftLectures(trx, site.id, lecture.section_id, lecture.position + 1, -1);
      });
    },

    async moveLecture(site: Site, id: string, target: { section_id: string; position?: number }) {
      return withLectureLocked(site, id, async (trx, lecture) => {
        if (!(await sections.findSection(trx, site.id, lecture.course_id, target.section_id))) {
          throw new RuleViolation("The target section is not part of this lecture's course.", [
            { pointer: '/body/section_id', detail: "is not a section of the lecture's course" },
          ]);
        }
        // Close the gap at the old place, then open one at the new place (deferred uniqueness).
        await lectures.shiftLectures(trx, site.id, lecture.section_id, lecture.position + 1, -1, id);
        const position = placeAt(
          target.position,
          await lectures.lastLecturePosition(trx, site.id, target.section_id, id),
        );
        await lectures.shiftLectures(trx, site.id, target.section_id, position, 1, id);
        return toLecture(
          (await lectures.updateLecture(trx, site.id, id, { section_id: target.section_id, position }))!,
        );
      });
    },

    // PUT semantics: the body is the whole new order, so repeating it changes nothing.
    async reorderLectures(site: Site, courseId: string, sectionId: string, ids: string[]) {
      return withCourseLocked(db, site.id, courseId, async (trx) => {
        const section = await sections.findSection(trx, site.id, courseId, sectionId);
        if (!section) throw sectionNotFound();
        const current = await lectures.listLecturesOfSections(trx, site.id, [sectionId]);
        checkFullOrder(
          ids,
          current.map((l) => l.id),
          '/body/lecture_ids',
          "section's lectures",
        );
        for (const [i, lectureId] of ids.entries()) {
          if (current.find((l) => l.id === lectureId)?.position !== i + 1)
            await lectures.updateLecture(trx, site.id, lectureId, { position: i + 1 });
        }
        return toSection(section, await lectures.listLecturesOfSections(trx, site.id, [sectionId]));
      });
    },
  };
}
