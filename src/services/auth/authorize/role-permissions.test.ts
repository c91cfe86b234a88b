import { describe, expect, it } from 'vitest';
import type { Client } from '../clients/client.ts';
import { AccessDenied } from '../errors.ts';
import { decideScopes, grantableScopes, RoleRefused } from './role-permissions.ts';

const client = (audience: 'operator' | 'member') => ({ audience }) as Client;

describe('who may authorize (/auth.md "3. Authorize": operator clients for owners and admins only)', () => {
  it('lets a student authorize a member application', () => {
    expect(grantableScopes(client('member'), ['student'], ['openid', 'account:read'], true)).toEqual([
      'openid',
      'account:read',
    ]);
  });

  it('refuses a student or lecturer for an operator client with access_denied', () => {
    expect(() => grantableScopes(client('operator'), ['student'], ['courses:read'], true)).toThrow(AccessDenied);
    expect(() => grantableScopes(client('operator'), ['lecturer'], ['courses:read'], true)).toThrow(AccessDenied);
  });

  it('refuses someone with no role at the school', () => {
    expect(() => grantableScopes(client('member'), [], ['account:read'], true)).toThrow(AccessDenied);
  });

  it('narrows an admin to what an admin may do; an owner gets everything', () => {
    expect(grantableScopes(client('operator'), ['admin'], ['courses:read', 'members:write'], true)).toEqual([
      'courses:read',
    ]);
    expect(grantableScopes(client('operator'), ['owner'], ['courses:read', 'members:write'], true)).toEqual([
      'courses:read',
      'members:write',
    ]);
  });
});

describe('what a role withholds, and why (the consent page lists it apart)', () => {
  it("lists members:write as withheld from an admin, the owner's alone, and names the admin's role", () => {
    expect(decideScopes(client('operator'), ['admin'], ['courses:read', 'members:write'], true)).toEqual({
      granted: ['courses:read'],
      withheld: [{ scope: 'members:write', reason: 'owner_only' }],
      role: 'admin',
    });
  });

  it('withholds nothing from an owner', () => {
    expect(decideScopes(client('operator'), ['owner', 'student'], ['members:write'], true).withheld).toEqual([]);
  });

  it('says why a student is refused an operator client, with the role to name', () => {
    const refusal = (() => {
      try {
        decideScopes(client('operator'), ['student'], ['courses:read'], true);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(RoleRefused);
    expect(refusal).toMatchObject({ code: 'access_denied', reason: 'role_may_not_authorize', role: 'student' });
  });

  it('refuses an admin asking only for what an admin may not allow, as no_scope_left', () => {
    expect(() => decideScopes(client('operator'), ['admin'], ['members:write'], true)).toThrow(
      expect.objectContaining({ reason: 'no_scope_left', role: 'admin' }),
    );
  });
});
