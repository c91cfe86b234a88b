// "New application": the form, and POST /admin/applications, which answers with the client ID
// and, for a confidential client, its secret. The secret is in that response only (no redirect,
// so it never sits in a URL or a later page); the database keeps its hash.
import { ClientRuleError } from '../../services/auth/clients/manage-clients.ts';
import { formValues, readApplicationForm, requireMcpSection } from './application-form.ts';
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
    area.action(CREATE_APPLICATION_PURPOSE, async ({ ctx, actor, body, page, csrf }) => {
      requireMcpSection(ctx.site);
      const form = readApplicationForm(body);
      try {
        const { client, clientSecret } = await admin.memberApps.create(actor, form);
        return page(
          './admin/application-created',
          { titleKey: 'admin.applications.created.title', current: '/admin/applications', client, clientSecret },
          201,
        );
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
          },
          400,
        );
      }
    }),
  );
}
