// Who may see and manage webhooks in the admin area: the roles an operator token may carry
// webhooks:read and webhooks:write for (services/auth/standing/allowed-scopes.ts), nobody else.
import { describe, expect, it } from 'vitest';
import type { Site } from '../school/sites.ts';
import { webhookScopeAllowed } from './area-access.ts';

const site = { betaFeatures: {} } as Site;

describe('webhooks in the admin area follow the webhooks scopes of operator tokens', () => {
  it.each([
    [['owner'], true],
    [['admin'], true],
    [['lecturer', 'admin'], true],
    [['lecturer'], false],
    [['student'], false],
    [[], false],
  ] as const)('roles %j: webhooks:read and webhooks:write %s', (roles, allowed) => {
    expect(webhookScopeAllowed(site, roles, 'webhooks:read')).toBe(allowed);
    expect(webhookScopeAllowed(site, roles, 'webhooks:write')).toBe(allowed);
  });
});
