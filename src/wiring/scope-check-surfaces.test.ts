// RFC 6750 3.1 on every surface through the one scope check (services/auth/scope-check.ts): every
// operation of the OpenAPI document that needs scopes is refused to a token lacking one of them, on
// the admin API (403 `insufficient-scope` problem with the challenge), on MCP (the step-up challenge
// of its direct tool and of call_operation, and mayCall), and GraphQL mutations without
// `account:write` are FORBIDDEN (SDL, description of Mutation).
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { operations } from '../../generated/openapi/operations.ts';
import { BearerChallenge, requireScopes, type AuthInfo } from '../http/bearer-guard.ts';
import { requireScope } from '../graphql/errors.ts';
import type { GraphQLContext } from '../graphql/context.ts';
import { challengeForToolCalls } from '../mcp/challenge.ts';
import { mayCall } from '../mcp/admin-tools/operation-catalogue.ts';
import { registerAdminOperationTools } from '../mcp/admin-tools/operation-tools.ts';
import { createToolRegistry } from '../mcp/registry.ts';
import type { Site } from '../services/school/sites.ts';
import { routesWithoutServices } from './test-routes.ts';

const ORIGIN = 'https://school.example';
const site = { origin: ORIGIN } as Site;
const scoped = Object.entries(operations).filter(([, meta]) => !meta.public && meta.scopes.length > 0);
const operator = (scopes: readonly string[]) =>
  ({ audience: 'operator', scopes: new Set(scopes) }) as unknown as AuthInfo;
/** Every needed scope but `missing`, and an unrelated one, so the token is not simply empty. */
const lacking = (scopes: readonly string[], missing: string) =>
  operator([...scopes.filter((scope) => scope !== missing), 'unrelated:read']);

describe('one scope check on every surface (RFC 6750 3.1)', () => {
  const registry = createToolRegistry();
  const catalogue = registerAdminOperationTools(registry, routesWithoutServices());

  it('the spec has operations that need scopes, and MCP catalogues them', () => {
    expect(scoped.length).toBeGreaterThan(100);
    expect(catalogue.length).toBeGreaterThan(100);
  });

  it.each(scoped)('%s: the admin API refuses a token lacking a needed scope', (_, meta) => {
    expect(() => requireScopes(site, operator(meta.scopes), meta.scopes)).not.toThrow();
    for (const missing of meta.scopes) {
      let thrown: unknown;
      try {
        requireScopes(site, lacking(meta.scopes, missing), meta.scopes);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(BearerChallenge);
      const challenge = thrown as BearerChallenge;
      expect(challenge.status).toBe(403);
      expect(challenge.challenge()).toContain(`error="insufficient_scope"`);
      expect(challenge.challenge()).toContain(`scope="${meta.scopes.join(' ')}"`);
      expect(challenge.toProblem().typeName).toBe('insufficient-scope');
    }
  });

  it.each(catalogue.map((entry) => [entry.operationId, entry] as const))(
    '%s: MCP refuses it to a token lacking a needed scope (mayCall, call_operation, its direct tool)',
    (_, entry) => {
      expect(mayCall(entry, operator(entry.scopes))).toBe(true);
      const direct = registry.get(entry.name) ? [{ name: entry.name, args: {} }] : [];
      const calls = [{ name: 'call_operation', args: { operation: entry.name, arguments: {} } }, ...direct];
      for (const missing of entry.scopes) {
        const auth = lacking(entry.scopes, missing);
        expect(mayCall(entry, auth)).toBe(false);
        for (const { name, args } of calls) {
          const body = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } };
          const challenge = challengeForToolCalls(registry, body, auth, ORIGIN);
          expect(challenge?.status, name).toBe(403);
          expect(challenge?.scopes, name).toEqual(expect.arrayContaining([...entry.scopes]));
        }
      }
    },
  );

  it('GraphQL mutations are FORBIDDEN without account:write, naming it', () => {
    const context = { scopes: new Set(['account:read']) } as unknown as GraphQLContext;
    let thrown: unknown;
    try {
      requireScope(context, 'account:write');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(GraphQLError);
    expect((thrown as GraphQLError).extensions).toEqual({ code: 'FORBIDDEN', scope: 'account:write' });
    expect(() =>
      requireScope({ scopes: new Set(['account:write']) } as unknown as GraphQLContext, 'account:write'),
    ).not.toThrow();
  });
});
