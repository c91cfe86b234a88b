// Every operation of the admin API refuses a missing token (401), a member token (403) and an
// operator token without its scopes (403 naming them), before it looks at anything else
// (OpenAPI security of each operation; RFC 6750 3.1). Derived from the spec's own operation list, so new operations are
// covered the moment they are added.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { operations } from '../../generated/openapi/operations.ts';
import { memberToken, operatorToken } from '../support/tokens.ts';

const origin = inject('primaryOrigin');

const adminOperations = Object.entries(operations).filter(([, op]) => op.path.startsWith('/api/v1/') && !op.public);

function call(op: (typeof adminOperations)[number][1], token?: string): Promise<Response> {
  const path = op.path.replace(/\{[^}]+\}/g, () => randomUUID());
  const hasBody = ['post', 'put', 'patch'].includes(op.method);
  return fetch(`${origin}${path}`, {
    method: op.method.toUpperCase(),
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(hasBody ? { body: '{}' } : {}),
  });
}

describe('admin API security matrix (OpenAPI security; RFC 6750 3.1)', () => {
  let member: string;
  let identityOnly: string;
  beforeAll(async () => {
    member = await memberToken(origin, 'openid account:read');
    identityOnly = await operatorToken(origin, 'openid');
  });

  it('has operations to check', () => {
    expect(adminOperations.length).toBeGreaterThan(0);
  });

  it.each(adminOperations)(
    '%s: no token is 401 with resource_metadata (RFC 6750 3.1, RFC 9728 5.1)',
    async (_id, op) => {
      const response = await call(op);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toContain(
        `resource_metadata="${origin}/.well-known/oauth-protected-resource"`,
      );
    },
  );

  it.each(adminOperations)(
    '%s: a member token is 403 insufficient_scope (/auth.md "2. Get a client": operator scopes for operator clients)',
    async (_id, op) => {
      const response = await call(op, member);
      expect(response.status).toBe(403);
      expect((await response.json()).error).toBe('insufficient_scope');
    },
  );

  it.each(adminOperations)(
    '%s: an operator token without its scopes is 403 naming every needed scope',
    async (_id, op) => {
      const response = await call(op, identityOnly);
      expect(response.status).toBe(403);
      expect(response.headers.get('www-authenticate')).toContain(`scope="${op.scopes.join(' ')}"`);
    },
  );
});
