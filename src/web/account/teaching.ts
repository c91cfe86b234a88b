// "Courses you teach" (/account/teaching): the courses a lecturer's profile at this school is
// assigned to, with their state, published lectures and active enrollments. The navigation
// offers it to lecturers; anyone else finds an empty list.
import type { AccountPageDeps } from './types.ts';

export function mountAccountTeaching({ router, area, account }: AccountPageDeps): void {
  router.get(
    '/teaching',
    area.page(async ({ ctx, person, page }) => {
      const courses = await account.taughtCourses(ctx.site.id, person.personId);
      return page('./account/teaching', {
        titleKey: 'memberArea.teaching.title',
        current: '/account/teaching',
        courses,
      });
    }),
  );
}
