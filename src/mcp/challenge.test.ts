import { describe, expect, it } from 'vitest';
import { challengeForToolCalls, toolCallNames } from './challenge.ts';
import { fixtureRegistry, tokenOf } from './test-fixtures.ts';

const origin = 'https://school.example';
const call = (name: string) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: {} } });

describe('step-up challenge before the SDK (MCP 2025-11-25 Authorization; RFC 6750 3.1)', () => {
  it('finds the tool names of single and batched calls, and ignores other methods', () => {
    expect(toolCallNames(call('a'))).toEqual(['a']);
    expect(toolCallNames([call('a'), { method: 'tools/list' }, call('b')])).toEqual(['a', 'b']);
    expect(toolCallNames(undefined)).toEqual([]);
    expect(toolCallNames({ method: 'tools/call', params: { name: 7 } })).toEqual([]);
  });

  it('answers an anonymous call of a member tool with 401 naming every scope and no error code (RFC 6750 3.1: no credentials were sent)', () => {
    const challenge = challengeForToolCalls(fixtureRegistry(), call('member_write'), undefined, origin)!;
    expect(challenge.status).toBe(401);
    expect(challenge.challenge()).not.toContain('error=');
    expect(challenge.challenge()).toMatch(/^Bearer scope="/);
    expect(challenge.challenge()).toContain('scope="account:read account:write"');
    expect(challenge.challenge()).toContain(`resource_metadata="${origin}/.well-known/oauth-protected-resource"`);
  });

  it('answers an anonymous call of an operator tool the same way: 401, its scope, no error code (RFC 6750 3.1)', () => {
    const challenge = challengeForToolCalls(fixtureRegistry(), call('update_course'), undefined, origin)!;
    expect(challenge.status).toBe(401);
    expect(challenge.code).toBeUndefined();
    expect(challenge.challenge()).not.toContain('error=');
    expect(challenge.challenge()).toContain('scope="courses:write"');
  });

  it('answers a token without the scopes, or of the other audience, with 403 insufficient_scope', () => {
    const registry = fixtureRegistry();
    const member = challengeForToolCalls(registry, call('member_write'), tokenOf('member', ['account:read']), origin)!;
    expect(member.status).toBe(403);
    expect(member.challenge()).toContain('error="insufficient_scope", error_description=');
    expect(member.challenge()).toContain('scope="account:read account:write"');
    expect(
      challengeForToolCalls(registry, call('update_course'), tokenOf('member', ['courses:write']), origin)?.status,
    ).toBe(403);
  });

  it('lets allowed calls, public tools and unknown names through to the SDK', () => {
    const registry = fixtureRegistry();
    expect(challengeForToolCalls(registry, call('echo'), undefined, origin)).toBeUndefined();
    expect(challengeForToolCalls(registry, call('nope'), undefined, origin)).toBeUndefined();
    expect(
      challengeForToolCalls(
        registry,
        call('member_write'),
        tokenOf('member', ['account:read', 'account:write']),
        origin,
      ),
    ).toBeUndefined();
  });
});
