import { describe, expect, it } from 'vitest';
import type { Site } from '../school/sites.ts';
import { protectedResourceMetadata } from './metadata.ts';
import { scopesForRequest, type ScopeRequester } from './scope-request.ts';

const site = { origin: 'https://school.test', name: 'School' } as Site;
/** What an MCP client with no scope of its own requests: /mcp's scopes_supported (MCP Authorization, scope selection). */
const mcpDefault = protectedResourceMetadata(site, '/mcp').scopes_supported;

const loopback: ScopeRequester = {
  audience: 'operator',
  allowedScopes: [],
  kind: 'loopback',
  reviewStatus: 'approved',
};
const vendor: ScopeRequester = { ...loopback, kind: 'vendor', allowedScopes: ['openid', 'courses:read'] };
const unreviewedDocument: ScopeRequester = { ...loopback, kind: 'metadata_document', reviewStatus: 'unreviewed' };
const memberApp = (allowedScopes: string[]): ScopeRequester => ({
  audience: 'member',
  allowedScopes,
  kind: 'member_app',
  reviewStatus: 'approved',
});
const studyBuddy = memberApp(['openid', 'profile', 'email', 'account:read', 'account:write']);

function refusal(client: ScopeRequester, requested: string[]): string | undefined {
  try {
    scopesForRequest(client, requested);
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

describe('the scopes a request obtains (RFC 6749 3.3; /auth.md "Which scopes a client receives")', () => {
  it('refuses an empty request and unknown names with invalid_scope, whoever asks (RFC 6749 4.1.2.1)', () => {
    for (const client of [loopback, studyBuddy]) {
      expect(refusal(client, [])).toBe('invalid_scope');
      expect(refusal(client, ['openid', 'no:such'])).toBe('invalid_scope');
      expect(refusal(client, [...mcpDefault, 'no:such'])).toBe('invalid_scope');
    }
  });

  it("gives an operator client what it asked for, and refuses account:* (spec Authentication 5), a scope beyond the integration's, and writes of an unreviewed metadata document", () => {
    expect(scopesForRequest(loopback, mcpDefault)).toEqual(mcpDefault);
    expect(refusal(loopback, ['openid', 'account:read'])).toBe('invalid_scope');
    expect(refusal(loopback, [...mcpDefault, 'account:read'])).toBe('invalid_scope');
    expect(scopesForRequest(vendor, ['courses:read'])).toEqual(['courses:read']);
    expect(refusal(vendor, ['courses:write'])).toBe('invalid_scope');
    expect(scopesForRequest(unreviewedDocument, ['openid', 'courses:read'])).toEqual(['openid', 'courses:read']);
    expect(refusal(unreviewedDocument, ['courses:write'])).toBe('invalid_scope');
  });

  it("gives a member application asking what /mcp's metadata lists its identity scopes and the account scopes the school selected, never an operator scope", () => {
    expect(scopesForRequest(studyBuddy, mcpDefault)).toEqual([
      'openid',
      'profile',
      'email',
      'account:read',
      'account:write',
    ]);
    expect(scopesForRequest(memberApp(['account:read']), mcpDefault)).toEqual(['account:read']);
    expect(scopesForRequest(memberApp(['openid', 'account:read']), ['courses:read'])).toEqual(['account:read']);
  });

  it('gives a member application naming account scopes only those, of what the school selected', () => {
    expect(scopesForRequest(studyBuddy, ['openid', 'account:read'])).toEqual(['openid', 'account:read']);
    expect(scopesForRequest(studyBuddy, ['account:read', 'courses:write'])).toEqual(['account:read']);
    expect(scopesForRequest(memberApp(['openid', 'account:read']), ['account:read', 'account:write'])).toEqual([
      'account:read',
    ]);
    expect(scopesForRequest(studyBuddy, ['openid'])).toEqual(['openid']);
    expect(refusal(memberApp(['account:read']), ['account:write'])).toBe('invalid_scope');
    expect(refusal(memberApp(['account:read']), ['openid', 'email'])).toBe('invalid_scope');
  });

  it('is idempotent: what a request obtained, requested again (the consent form carries it back), obtains the same', () => {
    for (const client of [studyBuddy, memberApp(['account:read']), memberApp(['openid', 'account:write'])]) {
      const granted = scopesForRequest(client, mcpDefault);
      expect(scopesForRequest(client, granted)).toEqual(granted);
    }
  });
});
