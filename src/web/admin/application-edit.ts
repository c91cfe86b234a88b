// One application: its client ID and settings, the edit form (name, redirect URIs, scopes), and
// the "Rotate secret" and "Delete" entries. Its secret is never shown here: only the response
// that created or rotated it carried it.
import { ClientRuleError } from '../../services/auth/clients/manage-clients.ts';
import type { MemberApp } from '../../services/auth/member-apps.ts';
import { appId, formValues, readApplicationForm, requireMcpSection, type ApplicationForm } from './application-form.ts';
import type { AdminPageDeps } from './types.ts';

export const EDIT_APPLICATION_PURPOSE = 'admin:applications:edit';

function formOf(app: MemberApp): ApplicationForm {
  return {
    name: app.name,
    redirectUris: app.redirectUris,
    scopes: app.allowedScopes,
    confidential: app.authMethod !== 'none',
    postLogoutRedirectUris: app.postLogoutRedirectUris,
    backchannelLogoutUri: app.backchannelLogoutUri,
  };
}

export function mountApplicationEdit({ router, area, admin }: AdminPageDeps): void {
  router.get(
    '/applications/:id',
    area.page(async ({ ctx, params, page, csrf }) => {
      requireMcpSection(ctx.site);
      const app = await admin.memberApps.get(ctx.site.id, appId(params.id));
      return page('./admin/application', {
        title: app.name,
        current: '/admin/applications',
        app,
        form: formValues(formOf(app)),
        csrfToken: csrf(EDIT_APPLICATION_PURPOSE),
      });
    }),
  );

  router.post(
    '/applications/:id',
    area.action(EDIT_APPLICATION_PURPOSE, async ({ ctx, actor, params, body, page, csrf }) => {
      requireMcpSection(ctx.site);
      const id = appId(params.id);
      const form = readApplicationForm(body);
      try {
        await admin.memberApps.update(actor, id, form);
        return { redirect: `/admin/applications/${id}?done=app-updated` };
      } catch (error) {
        if (!(error instanceof ClientRuleError)) throw error;
        const app = await admin.memberApps.get(ctx.site.id, id);
        return page(
          './admin/application',
          {
            title: app.name,
            current: '/admin/applications',
            app,
            form: formValues({ ...form, confidential: app.authMethod !== 'none' }),
            csrfToken: csrf(EDIT_APPLICATION_PURPOSE),
            ruleError: error.message,
            ruleText: error.text,
          },
          400,
        );
      }
    }),
  );
}
