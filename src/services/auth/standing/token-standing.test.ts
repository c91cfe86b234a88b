import { describe, expect, it } from 'vitest';
import type { TokenFacts } from '../../../db/repositories/token-facts.ts';
import { standingScopes } from './allowed-scopes.ts';
import { grantEndsAt, tokenExpiries } from './lifetimes.ts';
import { standingOf } from './token-standing.ts';

const now = new Date('2026-11-25T12:00:00Z');
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

function facts(overrides: Partial<TokenFacts> = {}): TokenFacts {
  return {
    grant_id: 'g',
    site_id: 's',
    person_id: 'p',
    client_row_id: 'c',
    client_id: 'client',
    audience: 'operator',
    scopes: ['openid', 'courses:read', 'members:write'],
    resource: 'https://school.test',
    created_at: now,
    expires_at: later(3600),
    revoked_at: null,
    rotated_at: null,
    grant_revoked_at: null,
    grant_expires_at: later(86_400),
    grant_scopes: ['openid', 'courses:read', 'members:write'],
    roles: ['owner'],
    mcp_connections: true,
    ...overrides,
  };
}

describe("a token's standing is decided in one place (DESIGN habit 14)", () => {
  const presenter = { siteId: 's', resource: 'https://school.test' };

  it('is active with every scope while the facts allow them', () => {
    const standing = standingOf(facts(), presenter, now);
    expect(standing.active && standing.scopes).toEqual(['openid', 'courses:read', 'members:write']);
  });

  it('narrows to what the current role allows (item 1: an owner made admin loses members:write)', () => {
    const standing = standingOf(facts({ roles: ['admin'] }), presenter, now);
    expect(standing.active && standing.scopes).toEqual(['openid', 'courses:read']);
    expect(standing.active && standing.narrowed).toBe(true);
  });

  it('ends when the role allows no grant of this audience, or the person has none (item 1)', () => {
    expect(standingOf(facts({ roles: ['lecturer'] }), presenter, now)).toMatchObject({
      active: false,
      reason: 'role_may_not_authorize',
    });
    expect(standingOf(facts({ roles: [] }), presenter, now)).toMatchObject({ active: false, reason: 'no_role' });
  });

  it('ends every member-audience grant while MCP connections is off (item 2)', () => {
    const member = facts({
      audience: 'member',
      scopes: ['openid', 'account:read'],
      roles: ['student'],
      mcp_connections: false,
    });
    expect(standingOf(member, presenter, now)).toMatchObject({ active: false, reason: 'feature_off' });
    expect(standingOf({ ...member, mcp_connections: true }, presenter, now).active).toBe(true);
  });

  it('is bound to its school, resource and client, and dead when revoked, exchanged or expired (RFC 6750 3.1, RFC 7662 2.2)', () => {
    expect(standingOf(facts(), { siteId: 'other' }, now)).toMatchObject({ active: false, reason: 'other_school' });
    expect(standingOf(facts(), { siteId: 's', resource: 'https://other.test' }, now)).toMatchObject({
      active: false,
      reason: 'other_resource',
    });
    expect(standingOf(facts(), { siteId: 's', clientRowId: 'x' }, now)).toMatchObject({
      active: false,
      reason: 'other_client',
    });
    expect(standingOf(facts({ grant_revoked_at: now }), presenter, now)).toMatchObject({
      active: false,
      reason: 'revoked',
    });
    expect(standingOf(facts({ rotated_at: now }), presenter, now)).toMatchObject({ active: false, reason: 'rotated' });
    expect(standingOf(facts({ grant_expires_at: now }), presenter, now)).toMatchObject({
      active: false,
      reason: 'expired',
    });
    expect(standingOf(undefined, presenter, now)).toMatchObject({ active: false, reason: 'unknown' });
  });

  it("reports the earlier of the token's and the grant's end as the expiry (item 3)", () => {
    const standing = standingOf(facts({ expires_at: later(3600), grant_expires_at: later(600) }), presenter, now);
    expect(standing.active && standing.expiresAt).toEqual(later(600));
  });
});

describe('grant lifetimes (/auth.md "Lifetimes"; RFC 9700 4.14.2)', () => {
  const lifetimes = {
    accessTokenTtlSeconds: 3600,
    grantIdleLifetimeSeconds: 1_296_000,
    grantAbsoluteLifetimeSeconds: 2_592_000,
  };

  it("caps every token at the grant's end; a refresh token lives the idle lifetime", () => {
    const end = grantEndsAt(now, lifetimes);
    expect(end).toEqual(later(2_592_000));
    expect(tokenExpiries(end, now, lifetimes)).toEqual({ access: later(3600), refresh: later(1_296_000) });
    expect(tokenExpiries(later(60), now, lifetimes)).toEqual({ access: later(60), refresh: later(60) });
  });
});

describe('standing scopes never widen (/auth.md "Access follows the school")', () => {
  it('keeps only held scopes, in their order, and never adds one the facts would allow', () => {
    const standing = standingScopes(['courses:read'], { audience: 'operator', roles: ['owner'], mcpConnections: true });
    expect(standing).toEqual({ allowed: true, scopes: ['courses:read'], narrowed: false });
    expect(standingScopes(['members:write'], { audience: 'operator', roles: ['admin'], mcpConnections: true })).toEqual(
      { allowed: false, reason: 'no_scope_left' },
    );
    expect(standingScopes(['account:read'], { audience: 'operator', roles: ['owner'], mcpConnections: true })).toEqual({
      allowed: false,
      reason: 'no_scope_left',
    });
  });
});
