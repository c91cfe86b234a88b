// "New application": the form, and POST /admin/applications, which redirects (303) to the
// application's "shown once" page (application-secret.ts) with the client ID and, for a
// confidential client, its secret: stored for that one display (shown-once.ts), never in a URL;
// the database keeps its hash. A reload creates nothing.
import { ClientRuleError } from '../../services/auth/clients/manage-clients.ts';
import { formValues, readApplicationForm, requireMcpSection } from './application-form.ts';
import { redirectShowingOnce } from './shown-once.ts';
import type { AdminPageDeps } from './types.ts';

export const CREATE_APPLICATION_PURPOSE = 'admin:applications:create';

const EMPTY = {
  name: '',
  redirectUris: [],
  scopes: ['openid', 'account:read'],
  confidential: false,
  postLogoutRedirectUris: [],
  backchannelLogoutUri: null,
};

export function mountApplicationNew({ router, area, admin }: AdminPageDeps): void {
  router.get(
    '/applications/new',
    area.page(async ({ ctx, page, csrf }) => {
      requireMcpSection(ctx.site);
      return page('./admin/application-new', {
        titleKey: 'admin.applications.new.title',
        current: '/admin/applications',
        form: formValues(EMPTY),
        csrfToken: csrf(CREATE_APPLICATION_PURPOSE),
      });
    }),
  );

  router.post(
    '/applications',
    area.action(CREATE_APPLICATION_PURPOSE, async (call) => {
      const { ctx, actor, body, page, csrf } = call;
      requireMcpSection(ctx.site);
      const form = readApplicationForm(body);
      try {
        const { client, clientSecret } = await admin.memberApps.create(actor, form);
        return await redirectShowingOnce(call, `/admin/applications/${client.rowId}/secret`, {
          secret: clientSecret ?? null,
          kind: 'created',
        });
      } catch (error) {
        if (!(error instanceof ClientRuleError)) throw error;
        return page(
          './admin/application-new',
          {
            titleKey: 'admin.applications.new.title',
            current: '/admin/applications',
            form: formValues(form),
            csrfToken: csrf(CREATE_APPLICATION_PURPOSE),
            ruleError: error.message,
            ruleText: error.text,
          },
          400,
        );
      }
    }),
  );
}
