// Rules of a course's sections: gapless positions from 1, inserts that push the rest down,
// deletes only of empty sections (409 otherwise: no lesson material goes by accident), and
// reorders that name every section once (422 otherwise). Reads include each section's lectures,
// so one call returns the curriculum tree (OpenAPI tag Curriculum).
import type { Db } from '../../db/database.ts';
import * as sections from '../../db/repositories/course-sections.ts';
import { countLectures, listLecturesOfSections } from '../../db/repositories/lectures.ts';
import { Conflict, RuleViolation } from '../errors.ts';
import { listWindow, pageOf } from '../list-window.ts';
import type { Site } from '../school/sites.ts';
import { withSanitizedHtml } from '../../lib/rich-text.ts';
import { courseNotFound, placeAt, sectionNotFound, toSection, withCourseLocked } from './curriculum-shapes.ts';
import type { CursorCodec } from '../../db/pagination/cursor.ts';

export type SectionInput = { title?: string; description?: string | null };

/** Names the ids a full-list reorder got wrong: missing ones, and ones not in the list's parent. */
export function checkFullOrder(
  given: readonly string[],
  actual: readonly string[],
  pointer: string,
  what: string,
): void {
  const known = new Set(actual);
  const unknown = given.filter((id) => !known.has(id));
  const missing = actual.filter((id) => !given.includes(id));
  if (unknown.length === 0 && missing.length === 0) return;
  const parts = [
    missing.length ? `leaves out ${missing.length} of the ${what}` : '',
    unknown.length ? `names ${unknown.length} id(s) that are not among them` : '',
  ];
  throw new RuleViolation(`The order must list every one of the ${what} exactly once.`, [
    { pointer, detail: parts.filter(Boolean).join(' and ') },
  ]);
}

export function createSectionAdmin(db: Db, cursors: CursorCodec) {
  async function withLectures(trx: Db, site: Site, rows: sections.SectionRow[]) {
    const lectures = await listLecturesOfSections(
      trx,
      site.id,
      rows.map((r) => r.id),
    );
    return rows.map((row) => toSection(row, lectures));
  }

  async function mustFind(trx: Db, site: Site, courseId: string, id: string) {
    const row = await sections.findSection(trx, site.id, courseId, id);
    if (!row) throw sectionNotFound();
    return row;
  }

  return {
    async listSections(site: Site, courseId: string, query: { limit?: number; cursor?: string }) {
      if (!(await sections.courseExists(db, site.id, courseId))) throw courseNotFound();
      const window = listWindow(cursors, 'course-sections', query, { position: 'integer' }, 'position');
      const rows = await sections.listSections(db, site.id, courseId, window);
      const page = pageOf(
        rows,
        window,
        (row) => row.position,
        (row) => row,
      );
      return { data: await withLectures(db, site, page.data), next_cursor: page.next_cursor };
    },

    async getSection(site: Site, courseId: string, id: string) {
      if (!(await sections.courseExists(db, site.id, courseId))) throw courseNotFound();
      const [section] = await withLectures(db, site, [await mustFind(db, site, courseId, id)]);
      return section!;
    },

    async createSection(site: Site, courseId: string, input: SectionInput & { title: string; position?: number }) {
      return withCourseLocked(db, site.id, courseId, async (trx) => {
        const position = placeAt(input.position, await sections.lastSectionPosition(trx, site.id, courseId));
        await sections.shiftSections(trx, site.id, courseId, position, 1);
        const row = await sections.insertSection(trx, {
          site_id: site.id,
          course_id: courseId,
          title: input.title,
          description: withSanitizedHtml(input, ['description']).description ?? null,
          position,
        });
        return toSection(row, []);
      });
    },

    async updateSection(site: Site, courseId: string, id: string, input: SectionInput) {
      if (!(await sections.courseExists(db, site.id, courseId))) throw courseNotFound();
      // OpenAPI "School text and HTML": a section's description, sanitised on every write (lib/rich-text.ts).
      const row = await sections.updateSection(db, site.id, courseId, id, withSanitizedHtml(input, ['description']));
      if (!row) throw sectionNotFound();
      const [section] = await withLectures(db, site, [row]);
      return section!;
    },

    async deleteSection(site: Site, courseId: string, id: string): Promise<void> {
      await withCourseLocked(db, site.id, courseId, async (trx) => {
        await mustFind(trx, site, courseId, id);
        const lectures = await countLectures(trx, site.id, id);
        if (lectures > 0)
          throw new Conflict(`This section still holds ${lectures} lecture(s); move or delete them first.`);
        const deleted = (await sections.deleteSection(trx, site.id, courseId, id))!;
        await sections.shiftSections(trx, site.id, courseId, deleted.position + 1, -1);
      });
    },

    // PUT semantics: the body is the whole new order, so repeating it changes nothing.
    async reorderSections(site: Site, courseId: string, ids: string[]) {
      return withCourseLocked(db, site.id, courseId, async (trx) => {
        const current = await sections.listSections(trx, site.id, courseId);
        checkFullOrder(
          ids,
          current.map((s) => s.id),
          '/body/section_ids',
          "course's sections",
        );
        for (const [i, id] of ids.entries()) {
          if (current.find((s) => s.id === id)?.position !== i + 1)
            await sections.updateSection(trx, site.id, courseId, id, { position: i + 1 });
        }
        return { data: await withLectures(trx, site, await sections.listSections(trx, site.id, courseId)) };
      });
    },
  };
}
