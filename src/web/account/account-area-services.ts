// The services the account area at /account receives (docs/layout.md "Which services each surface
// receives"): the gate's (sessions, db), the member data service its home page reads, the audit log
// (connected apps, invitations) and the rate limiter (accepting an invitation).
import type { Services } from '../../services/create-services.ts';

/** The names of the services the account area may use; the bundle createApp builds holds exactly these. */
export const ACCOUNT_AREA_SERVICES = [
  'sessions',
  'db',
  'audit',
  'rateLimiter',
  'account',
  'mail',
] as const satisfies ReadonlyArray<keyof Services>;

export type AccountAreaServices = Pick<Services, (typeof ACCOUNT_AREA_SERVICES)[number]>;

/** What the pages of mailed links (password reset, e-mail links, profile changes) use of the bundle. */
export type AccountLinkServices = Pick<AccountAreaServices, 'db' | 'rateLimiter' | 'audit' | 'sessions' | 'mail'>;
