// /auth.md "Access follows the school": a grant lives and dies with the school's
// decisions. Role changes narrow or end the grants a person holds; removal ends them everywhere
// (/account/graphql queries and mutations, /mcp member and operator tools, UserInfo, the admin
// API, refresh, introspection); "MCP connections" switched off ends every member-audience grant,
// and switching it on again revives none. Every change is in the audit log. On an instance of this
// file's own (PGlite in memory, or a scratch PostgreSQL database when DATABASE_URL is set),
// because it changes demo roles and features other suites rely on.
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMembers, removeMember, setMemberRoles, updateSchool } from '../../generated/openapi/client/sdk.gen.ts';
import type { Instance } from '../reliability/instance.ts';
import { ownInstanceUnavailable, startOwnInstance } from '../service/own-instance.ts';
import { ACCOUNTS, CLIENTS } from '../support/accounts.ts';
import { adminClient } from '../support/admin-client.ts';
import { authorizeInBrowser, discover, exchangeCode, registerLoopbackClient } from '../support/oauth-flow.ts';
import { pageHtml, signedIn } from '../web/area-http.ts';

const redirectUri = 'http://127.0.0.1:47611/callback';
type Grant = { access: string; refresh: string; clientId: string };
type Answer = { status: number; challenge: string; body: Record<string, unknown> };

describe.skipIf(ownInstanceUnavailable)(
  'access follows the school (/auth.md "Access follows the school"; DESIGN habit 14)',
  () => {
    let instance: Instance;
    let origin: string;
    let as: oauth.AuthorizationServer;
    let ownerAdmin: ReturnType<typeof adminClient>;

    async function operatorGrant(email: string, scope: string): Promise<Grant> {
      const client = await registerLoopbackClient(as, { redirect_uris: [redirectUri] });
      const outcome = await authorizeInBrowser(as, { clientId: client.client_id, redirectUri, scope, email });
      const tokens = await exchangeCode(as, client, oauth.None(), outcome, redirectUri);
      return { access: tokens.access_token, refresh: tokens.refresh_token!, clientId: client.client_id };
    }

    async function memberGrant(email: string, scope = 'openid account:read account:write'): Promise<Grant> {
      const client: oauth.Client = { client_id: CLIENTS.memberApp, token_endpoint_auth_method: 'none' };
      const outcome = await authorizeInBrowser(as, {
        clientId: client.client_id,
        redirectUri,
        scope,
        resource: origin,
        email,
      });
      const tokens = await exchangeCode(as, client, oauth.None(), outcome, redirectUri, origin);
      return { access: tokens.access_token, refresh: tokens.refresh_token!, clientId: client.client_id };
    }

    async function answer(response: Response): Promise<Answer> {
      const text = await response.text();
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        body = { text };
      }
      return { status: response.status, challenge: response.headers.get('www-authenticate') ?? '', body };
    }

    const bearer = (token: string, path: string, init: RequestInit = {}) =>
      fetch(new URL(path, origin), {
        ...init,
        headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
      }).then(answer);
    const graphql = (token: string, query: string) =>
      bearer(token, '/account/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      });
    const mcpTool = (token: string, name: string, args: Record<string, unknown> = {}) =>
      bearer(token, '/mcp', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-11-25',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
      });
    const form = (path: string, fields: Record<string, string>) =>
      fetch(new URL(path, origin), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      }).then(answer);
    const refresh = (grant: Grant, extra: Record<string, string> = {}) =>
      form('/api/oauth/token', {
        grant_type: 'refresh_token',
        refresh_token: grant.refresh,
        client_id: grant.clientId,
        ...extra,
      });
    const introspect = (grant: Grant, token: string) =>
      form('/api/oauth/introspect', { token, client_id: grant.clientId });

    async function memberId(email: string): Promise<string> {
      const found = await listMembers({ client: ownerAdmin, query: { q: email, limit: 10 } });
      return found.data!.data.find((m) => m.email === email)!.id;
    }
    async function setRoles(email: string, roles: Array<'owner' | 'admin' | 'lecturer' | 'student'>): Promise<void> {
      const changed = await setMemberRoles({
        client: ownerAdmin,
        path: { person_id: await memberId(email) },
        body: { roles },
      });
      expect(changed.response.status).toBe(200);
    }
    function expectInvalidToken(a: Answer): void {
      expect(a.status, JSON.stringify(a.body)).toBe(401);
      expect(a.challenge).toMatch(/^Bearer /);
      expect(a.challenge).toContain('error="invalid_token"');
    }

    beforeAll(async () => {
      instance = await startOwnInstance();
      origin = instance.origin;
      as = await discover(origin);
      const owner = await operatorGrant(ACCOUNTS.owner, 'members:read members:write school:read school:write');
      ownerAdmin = adminClient(origin, owner.access);
    }, 180_000);
    afterAll(async () => {
      await instance?.stop();
    });

    it('an owner made admin keeps what an admin may do: members:write is refused with 403 insufficient_scope, introspection and refresh drop it, the UserInfo roles claim follows (item 1)', async () => {
      await setRoles(ACCOUNTS.admin, ['owner']);
      const grant = await operatorGrant(ACCOUNTS.admin, 'openid members:read members:write courses:read');
      expect((await bearer(grant.access, '/api/oauth/userinfo')).body.roles).toEqual(['owner']);
      const lecturerId = await memberId(ACCOUNTS.lecturer);
      const write = () =>
        bearer(grant.access, `/api/v1/members/${lecturerId}/roles`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ roles: ['lecturer'] }),
        });
      expect((await write()).status).toBe(200);

      await setRoles(ACCOUNTS.admin, ['admin']);
      // OIDC Core 5.3: UserInfo's roles are the person's now, on the next request.
      expect((await bearer(grant.access, '/api/oauth/userinfo')).body.roles).toEqual(['admin']);
      const refused = await write();
      expect(refused.status).toBe(403);
      expect(refused.challenge).toContain('error="insufficient_scope"');
      expect(refused.challenge).toContain('scope="members:write"');
      expect((await bearer(grant.access, '/api/v1/courses')).status).toBe(200);

      const state = await introspect(grant, grant.access);
      expect(state.body.active).toBe(true);
      expect(String(state.body.scope).split(' ').sort()).toEqual(['courses:read', 'members:read', 'openid']);
      const rotated = await refresh(grant);
      expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
      expect(String(rotated.body.scope).split(' ').sort()).toEqual(['courses:read', 'members:read', 'openid']);
      const widened = await refresh(
        { ...grant, refresh: String(rotated.body.refresh_token) },
        { scope: 'members:write' },
      );
      expect(widened.status).toBe(400);
      expect(widened.body.error).toBe('invalid_scope');
    });

    it('an admin made lecturer loses the operator grant: 401 invalid_token at the admin API, MCP operator tools and UserInfo, refresh invalid_grant; the role given back revives nothing (item 1)', async () => {
      const grant = await operatorGrant(ACCOUNTS.admin, 'openid courses:read');
      expect((await bearer(grant.access, '/api/v1/courses')).status).toBe(200);
      expect((await bearer(grant.access, '/api/oauth/userinfo')).status).toBe(200);

      await setRoles(ACCOUNTS.admin, ['lecturer']);
      expectInvalidToken(await bearer(grant.access, '/api/v1/courses'));
      expectInvalidToken(await bearer(grant.access, '/api/oauth/userinfo'));
      expectInvalidToken(await mcpTool(grant.access, 'list_courses'));
      expect((await refresh(grant)).body.error).toBe('invalid_grant');
      expect((await introspect(grant, grant.refresh)).body).toEqual({ active: false });

      await setRoles(ACCOUNTS.admin, ['admin']);
      expectInvalidToken(await bearer(grant.access, '/api/v1/courses'));
      expect((await refresh(grant)).body.error).toBe('invalid_grant');
    });

    it("a removed member's tokens stop working everywhere: GraphQL queries and mutations, MCP member tools, UserInfo, refresh (item 1)", async () => {
      const grant = await memberGrant(ACCOUNTS.student2);
      expect((await graphql(grant.access, '{ viewer { id } }')).status).toBe(200);
      const tool = await mcpTool(grant.access, 'my_enrolled_courses');
      expect(tool.status).toBe(200);

      const removed = await removeMember({
        client: ownerAdmin,
        path: { person_id: await memberId(ACCOUNTS.student2) },
      });
      expect(removed.response.status).toBe(204);
      expectInvalidToken(await graphql(grant.access, '{ viewer { id } }'));
      expectInvalidToken(
        await graphql(
          grant.access,
          'mutation { registerForEvent(eventId: "00000000-0000-0000-0000-000000000000") { __typename } }',
        ),
      );
      expectInvalidToken(await mcpTool(grant.access, 'my_enrolled_courses'));
      expectInvalidToken(await bearer(grant.access, '/api/oauth/userinfo'));
      expect((await refresh(grant)).body.error).toBe('invalid_grant');
      expect((await introspect(grant, grant.access)).body).toEqual({ active: false });
    });

    it('"MCP connections" switched off ends every member grant at once (refresh, GraphQL, MCP member tools); switched on again revives none (item 2)', async () => {
      const grant = await memberGrant(ACCOUNTS.student);
      expect((await graphql(grant.access, '{ viewer { id } }')).status).toBe(200);

      const off = await updateSchool({ client: ownerAdmin, body: { beta_features: { mcp_connections: false } } });
      expect(off.response.status).toBe(200);
      expectInvalidToken(await graphql(grant.access, '{ viewer { id } }'));
      expectInvalidToken(await mcpTool(grant.access, 'my_enrolled_courses'));
      expect((await refresh(grant)).body.error).toBe('invalid_grant');

      const on = await updateSchool({ client: ownerAdmin, body: { beta_features: { mcp_connections: true } } });
      expect(on.response.status).toBe(200);
      expectInvalidToken(await graphql(grant.access, '{ viewer { id } }'));
      expect((await refresh(grant)).body.error).toBe('invalid_grant');
      // New authorizations work again: only what existed when it was switched off ended.
      const fresh = await memberGrant(ACCOUNTS.student);
      expect((await graphql(fresh.access, '{ viewer { id } }')).status).toBe(200);
    });

    it('the settings page warns what switching "MCP connections" off does before the switch (item 2)', async () => {
      const jar = await signedIn(origin, ACCOUNTS.owner);
      const html = await pageHtml(jar, `${origin}/admin/settings`);
      expect(html).toContain('id="feature-mcp_connections-off-warning"');
      expect(html).toMatch(/switching it on again does not reconnect them/);
    });

    it('every role change, removal, feature switch and the grants they narrowed or ended are in the audit log (item 1)', async () => {
      const jar = await signedIn(origin, ACCOUNTS.owner);
      const html = await pageHtml(jar, `${origin}/admin/audit-log`);
      for (const action of [
        'member.roles_changed',
        'member.removed',
        'beta_feature.changed',
        'grant.narrowed',
        'grant.revoked',
      ])
        expect(html, action).toMatch(new RegExp(`<code class="small"[^>]*>${action.replace('.', '\\.')}</code>`));
      expect(html).toContain('reason: mcp_connections_disabled');
      expect(html).toContain('reason: member.removed');
    });
  },
);
