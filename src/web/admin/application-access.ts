// "Connected apps" of one application: the members holding access through it (who, which scopes,
// when granted and last used), "Revoke" per person, and "Revoke access of all N members" in two
// steps (no script may ask "are you sure?" under this CSP): a page naming the count and the
// application, then POST. The rules are the admin API's (services/auth/application-access.ts).
import { AreaNotFound, type Actor } from '../../services/audit/actor.ts';
import { fromStartOnBadCursor, type ApplicationGrant } from '../../services/auth/application-access.ts';
import type { ChangeActor } from '../../services/people/role-changes.ts';
import { NotFound } from '../../services/errors.ts';
import { textKey } from '../../lib/text-key.ts';
import { field, isUuid } from '../areas/forms.ts';
import { KIND_LABELS } from './connected-apps.ts';
import { revokeConfirmPage } from './revoke-confirm.ts';
import { redirectShowingOnce } from './shown-once.ts';
import type { AdminPageDeps } from './types.ts';

export const REVOKE_MEMBER_ACCESS_PURPOSE = 'admin:connected-apps:revoke-member';
export const REVOKE_ALL_ACCESS_PURPOSE = 'admin:connected-apps:revoke-all';

const PAGE_SIZE = 100;

/** The application the path names, as the area says it is missing. */
function applicationId(value: string | undefined): string {
  if (!isUuid(value)) throw new AreaNotFound(textKey('admin.connectedApps.error.noSuchApp'));
  return value;
}

/** A service's NotFound in the area's words. */
async function found<T>(work: Promise<T>, missing: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof NotFound) throw new AreaNotFound(textKey(missing));
    throw error;
  }
}

const changeActor = (actor: Actor): ChangeActor => ({ personId: actor.personId, clientId: null, ip: actor.ip });

export function mountApplicationAccess({ router, area, admin }: AdminPageDeps): void {
  /** The person's access through the application, read from its holders as the members page lists them. */
  async function holderOf(id: string, siteId: string, person: unknown): Promise<ApplicationGrant> {
    let cursor: string | undefined;
    if (isUuid(typeof person === 'string' ? person : undefined))
      do {
        const page = await admin.applications.listGrants(siteId, id, { limit: PAGE_SIZE, cursor });
        const holder = page.data.find((m) => m.person_id === person);
        if (holder) return holder;
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
    throw new AreaNotFound(textKey('admin.connectedApps.error.gone'));
  }

  router.get(
    '/connected-apps/applications/:id',
    area.page(async ({ ctx, params, query, page }) => {
      const id = applicationId(params.id);
      const app = await found(admin.applications.get(ctx.site.id, id), 'admin.connectedApps.error.noSuchApp');
      const cursor = typeof query.after === 'string' ? query.after : undefined;
      const members = await fromStartOnBadCursor(
        (after) => admin.applications.listGrants(ctx.site.id, id, { limit: PAGE_SIZE, cursor: after }),
        cursor,
      );
      return page('./admin/application-access', {
        titleKey: 'admin.connectedApps.members.title',
        titleVars: { name: app.name },
        current: '/admin/connected-apps',
        app,
        kinds: KIND_LABELS,
        members: members.data,
        next: members.next_cursor,
      });
    }),
  );

  router.get(
    '/connected-apps/applications/:id/revoke',
    area.page(async (call) => {
      const id = applicationId(call.params.id);
      const app = await found(admin.applications.get(call.ctx.site.id, id), 'admin.connectedApps.error.noSuchApp');
      const member = await holderOf(id, call.ctx.site.id, call.query.person);
      return revokeConfirmPage(
        call,
        { name: app.name, email: member.email, grants: member.grants },
        {
          action: `/admin/connected-apps/applications/${id}/revoke`,
          csrfToken: call.csrf(REVOKE_MEMBER_ACCESS_PURPOSE),
          fields: [['person', member.person_id]],
          cancel: `/admin/connected-apps/applications/${id}`,
        },
      );
    }),
  );

  router.post(
    '/connected-apps/applications/:id/revoke',
    area.action(REVOKE_MEMBER_ACCESS_PURPOSE, async ({ ctx, actor, params, body }) => {
      const id = applicationId(params.id);
      const personId = field(body, 'person');
      if (!isUuid(personId)) throw new AreaNotFound(textKey('admin.connectedApps.error.gone'));
      await found(
        admin.applications.revokePerson(ctx.site.id, id, personId, changeActor(actor)),
        'admin.connectedApps.error.gone',
      );
      return { redirect: `/admin/connected-apps/applications/${id}?done=grant-revoked` };
    }),
  );

  router.get(
    '/connected-apps/applications/:id/revoke-all',
    area.page(async ({ ctx, params, page, csrf }) => {
      const app = await found(
        admin.applications.get(ctx.site.id, applicationId(params.id)),
        'admin.connectedApps.error.noSuchApp',
      );
      return page('./admin/application-access-revoke', {
        titleKey: 'admin.connectedApps.revokeAll.title',
        titleVars: { name: app.name },
        current: '/admin/connected-apps',
        app,
        csrfToken: csrf(REVOKE_ALL_ACCESS_PURPOSE),
      });
    }),
  );

  router.post(
    '/connected-apps/applications/:id/revoke-all',
    area.action(REVOKE_ALL_ACCESS_PURPOSE, async (call) => {
      const { ctx, actor, params, body } = call;
      const id = applicationId(params.id);
      // The count the person confirmed: all are revoked whatever it was, and the page says how many ended.
      const confirmedText = field(body, 'confirmed');
      const confirmed = /^\d{1,9}$/.test(confirmedText ?? '') ? Number(confirmedText) : undefined;
      const revoked = await found(
        admin.applications.revokeAll(ctx.site.id, id, changeActor(actor), confirmed),
        'admin.connectedApps.error.noSuchApp',
      );
      return redirectShowingOnce(call, `/admin/connected-apps/applications/${id}/ended`, {
        members: revoked.members,
        confirmed: confirmed ?? null,
      });
    }),
  );

  // Post, then redirect: how many ended is shown once; a reload goes back to the application's members.
  router.get(
    '/connected-apps/applications/:id/ended',
    area.page(async (call) => {
      const id = applicationId(call.params.id);
      const app = await found(admin.applications.get(call.ctx.site.id, id), 'admin.connectedApps.error.noSuchApp');
      const shown = (await call.takeFlash()) as { members?: unknown; confirmed?: unknown } | undefined;
      if (typeof shown?.members !== 'number') return { redirect: `/admin/connected-apps/applications/${id}` };
      return call.page('./admin/application-access-ended', {
        titleKey: 'admin.connectedApps.ended.title',
        titleVars: { name: app.name },
        current: '/admin/connected-apps',
        app,
        revoked: { members: shown.members },
        confirmed: typeof shown.confirmed === 'number' ? shown.confirmed : undefined,
      });
    }),
  );
}
