// GET /account: who is signed in and their roles at this school, and their own courses with
// progress, orders and event registrations here (docs/development.md "Page languages"): the same data /account/graphql
// serves, read through the same service (services/people/own-data.ts), so the page and the API agree.
import { DEFAULT_PAGE_SIZE } from '../../services/people/own-data.ts';
import type { AccountPageDeps } from './types.ts';

export function mountAccountHome({ router, area, apps, account }: AccountPageDeps): void {
  router.get(
    '/',
    area.page(async ({ ctx, person, page }) => {
      const first = { first: DEFAULT_PAGE_SIZE };
      const [connected, courses, orders, registrations] = await Promise.all([
        apps.list(ctx.site.id, person.personId),
        account.enrolledCourses(ctx.site.id, person.personId, first),
        account.orders(ctx.site.id, person.personId, first),
        account.eventRegistrations(ctx.site.id, person.personId, first),
      ]);
      return page('./account/home', {
        titleKey: 'account.title',
        current: '/account',
        person,
        connectedCount: connected.length,
        courses,
        orders,
        registrations,
      });
    }),
  );
}
