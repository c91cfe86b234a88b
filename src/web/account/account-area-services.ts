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
] as const satisfies ReadonlyArray<keyof Services>;

export type AccountAreaServices = Pick<Services, (typeof ACCOUNT_AREA_SERVICES)[number]>;
