// Handlers of the Applications operations (scopes members:read, members:write).
import { listApplicationGrants } from './listApplicationGrants.ts';
import { listApplications } from './listApplications.ts';
import { revokeApplicationGrant } from './revokeApplicationGrant.ts';
import { revokeApplicationGrants } from './revokeApplicationGrants.ts';

export const applicationHandlers = {
  listApplications,
  listApplicationGrants,
  revokeApplicationGrant,
  revokeApplicationGrants,
};
