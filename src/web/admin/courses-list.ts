// GET /admin/courses: the school's courses, drafts and archived ones included, newest first, with
// the admin API's listCourses search (`q`), status filter and cursors (`next_cursor` of the same
// list and filter; one that does not decode starts again from the first page, never a 500).
import { InvalidCursor } from '../../db/pagination/cursor.ts';
import type { AdminPageDeps } from './types.ts';
import { COURSE_STATUS } from './course-form.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function mountCoursesList({ router, area, admin }: AdminPageDeps): void {
  router.get(
    '/courses',
    area.page(async ({ ctx, query, page }) => {
      // The API's bounds of q (1-200 characters) and status (its enum); anything else is no filter.
      const q = text(query.q).trim().slice(0, 200);
      const status = Object.hasOwn(COURSE_STATUS, text(query.status)) ? text(query.status) : '';
      const limitText = text(query.limit);
      const limit = /^\d{1,3}$/.test(limitText) && +limitText >= 1 && +limitText <= 100 ? +limitText : undefined;
      const cursor = text(query.cursor) || undefined;
      const filter = { ...(q ? { q } : {}), ...(status ? { status } : {}), ...(limit ? { limit } : {}) };
      const load = (c: string | undefined) => admin.courses.list(ctx.site, { ...filter, ...(c ? { cursor: c } : {}) });
      let result;
      try {
        result = await load(cursor);
      } catch (error) {
        if (!(error instanceof InvalidCursor) || cursor === undefined) throw error;
        result = await load(undefined);
      }
      const params = new URLSearchParams(Object.entries(filter).map(([k, v]) => [k, String(v)]));
      // Query strings only: the template writes them after the fixed path /admin/courses (templates.test.ts).
      const withCursor = (c: string) => `?${new URLSearchParams([...params, ['cursor', c]]).toString()}`;
      return page('./admin/courses', {
        titleKey: 'adminCourses.title',
        current: '/admin/courses',
        courses: result.data,
        q,
        status,
        statuses: COURSE_STATUS,
        firstQuery: cursor ? (params.size ? `?${params.toString()}` : '') : null,
        nextQuery: result.next_cursor ? withCursor(result.next_cursor) : null,
      });
    }),
  );
}
