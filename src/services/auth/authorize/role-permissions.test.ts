import { describe, expect, it } from 'vitest';
import type { Client } from '../clients/client.ts';
import { AccessDenied } from '../errors.ts';
import { grantableScopes } from './role-permissions.ts';

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
