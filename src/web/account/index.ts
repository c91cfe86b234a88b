// The member's account area at /account. Only its own paths are routed here: anything
// else under /account (the member API at /account/graphql) passes through untouched, which is
// why the gate is per route and never router-wide.
import { Router } from 'express';
import { createConnectedApplications } from '../../services/auth/connected-apps/of-person.ts';
import type { AccountAreaServices } from './account-area-services.ts';
import { areaRoutes } from '../areas/area-route.ts';
import { accountSpec } from './chrome.ts';
import { mountAccountConnectedApps } from './connected-apps.ts';
import { mountAccountHome } from './home.ts';
import { mountAccountInvitations } from './invitations.ts';
import { mountAccountSessions } from './sessions.ts';
import { mountPasswordReset } from './password-reset.ts';
import { mountEmailLinks } from './email-links.ts';
import { mountAccountProfile } from './profile.ts';
import { mountAccountCourse } from './course.ts';
import { mountAccountReceipt } from './receipt.ts';
import { mountAccountEventRegistration } from './event-registration.ts';
import { mountAccountTeaching } from './teaching.ts';

export function createAccountArea(services: AccountAreaServices): Router {
  const router = Router({ strict: false });
  const deps = {
    router,
    area: areaRoutes(services, accountSpec),
    apps: createConnectedApplications(services.db, services.audit),
    account: services.account,
    services,
  };
  // Invitations: reached by people without a role here yet, so outside the area's gate.
  mountAccountInvitations(router, services);
  // "Forgot password?": reached by people who cannot sign in, so outside the gate too.
  mountPasswordReset(router, services);
  // The links mailed for an address prove the mailbox, whoever's browser opens them.
  mountEmailLinks(router, services);
  mountAccountHome(deps);
  mountAccountConnectedApps(deps);
  mountAccountSessions(deps);
  mountAccountProfile(deps, services);
  mountAccountCourse(deps);
  mountAccountReceipt(deps);
  mountAccountEventRegistration(deps);
  mountAccountTeaching(deps);
  return router;
}
