// GET /account: who is signed in, their roles at this school, and the way to the connected
// applications.
import type { AccountPageDeps } from './types.ts';

export function mountAccountHome({ router, area, apps }: AccountPageDeps): void {
  router.get('/', area.page(async ({ ctx, person, page }) => {
    const connected = await apps.list(ctx.site.id, person.personId);
    return page('./account/home', { title: 'Your account', current: '/account', person, connectedCount: connected.length });
  }));
}
