// The school sees and ends access (OpenAPI tag Applications, scopes members:read and members:write):
// which applications its members connected, who holds access and when they last used it, and
// revoking one person's access or everyone's. Driven through the generated client with a real
// operator token; the members connect the applications the way members do (sign-in and consent in
// the authorization flow). Fresh people and a fresh application, so counts are this file's own
// while other files use the demo applications beside it.
import { randomUUID } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  listApplicationGrants,
  listApplications,
  revokeApplicationGrant,
  revokeApplicationGrants,
} from '../../generated/openapi/client/sdk.gen.ts';
import { ACCOUNTS, CLIENTS } from '../support/accounts.ts';
import { adminClient } from '../support/admin-client.ts';
import { NEW_PERSON_PASSWORD } from '../support/invitations.ts';
import { authorizeInBrowser, discover, exchangeCode } from '../support/oauth-flow.ts';
import { operatorToken } from '../support/tokens.ts';
import { createMemberApplication, signedIn } from '../web/area-http.ts';
import { joinedStudent, uniqueEmail } from './people-fixtures.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');
const redirectUri = 'http://127.0.0.1:8765/callback';

type Client = ReturnType<typeof adminClient>;
type Person = { id: string; email: string };

/** A member connects the application: sign-in, consent, code exchange (RFC 6749 4.1). */
async function connect(as: oauth.AuthorizationServer, clientId: string, person: Person) {
  const outcome = await authorizeInBrowser(as, {
    clientId,
    redirectUri,
    scope: 'openid account:read',
    resource: origin,
    email: person.email,
    password: NEW_PERSON_PASSWORD,
  });
  const client: oauth.Client = { client_id: clientId, token_endpoint_auth_method: 'none' };
  return exchangeCode(as, client, oauth.None(), outcome, redirectUri, origin);
}

async function form(url: string, params: Record<string, string>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const introspect = async (clientId: string, token: string) =>
  (await form(`${origin}/api/oauth/introspect`, { token, client_id: clientId })).body.active;
const refresh = (clientId: string, token: string) =>
  form(`${origin}/api/oauth/token`, { grant_type: 'refresh_token', refresh_token: token, client_id: clientId });

/** Every page of a list, following next_cursor to the end. */
async function allPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<{ data?: { data: T[]; next_cursor: string | null } }>,
): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let pages = 1; pages < 500; pages++) {
    const page = (await fetchPage(cursor)).data!;
    items.push(...page.data);
    if (!page.next_cursor) return { items, pages };
    cursor = page.next_cursor;
  }
  throw new Error('the list never ended');
}

async function applicationByClientId(client: Client, clientId: string) {
  const { items } = await allPages((cursor) => listApplications({ client, query: { limit: 100, cursor } }));
  return items.find((app) => app.client_id === clientId);
}

describe('Applications: the school sees and ends access (members:read, members:write)', () => {
  let as: oauth.AuthorizationServer;
  let client: Client;
  let readOnly: Client;
  beforeAll(async () => {
    as = await discover(origin);
    client = adminClient(
      origin,
      await operatorToken(origin, 'members:read members:write students:read students:write'),
    );
    readOnly = adminClient(origin, await operatorToken(origin, 'members:read'));
  });

  it('listApplications and listApplicationGrants: a student who connects Study Buddy is listed with their scopes; revokeApplicationGrant ends their access token and refresh token (RFC 7662 2.2 active false, RFC 6749 5.2 invalid_grant)', async () => {
    const student = await joinedStudent(client, { email: uniqueEmail('buddy'), name: 'Buddy Student' });
    const tokens = await connect(as, CLIENTS.memberApp, student);
    expect(await introspect(CLIENTS.memberApp, tokens.access_token)).toBe(true);

    const app = await applicationByClientId(client, CLIENTS.memberApp);
    expect(app).toMatchObject({ name: 'Study Buddy', kind: 'member_app', audience: 'member' });
    expect(app!.members_with_access).toBeGreaterThanOrEqual(1);
    const members = await allPages((cursor) =>
      listApplicationGrants({ client, path: { application_id: app!.id }, query: { limit: 100, cursor } }),
    );
    const holder = members.items.find((m) => m.person_id === student.id);
    expect(holder).toMatchObject({ email: student.email, name: 'Buddy Student', grants: 1 });
    expect(holder!.scopes).toEqual(expect.arrayContaining(['openid', 'account:read']));

    const revoked = await revokeApplicationGrant({
      client,
      path: { application_id: app!.id, person_id: student.id },
    });
    expect(revoked.response.status).toBe(204);
    expect(await introspect(CLIENTS.memberApp, tokens.access_token)).toBe(false);
    const refreshed = await refresh(CLIENTS.memberApp, tokens.refresh_token!);
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.error).toBe('invalid_grant');
    const after = await allPages((cursor) =>
      listApplicationGrants({ client, path: { application_id: app!.id }, query: { limit: 100, cursor } }),
    );
    expect(after.items.map((m) => m.person_id)).not.toContain(student.id);
    const again = await revokeApplicationGrant({ client, path: { application_id: app!.id, person_id: student.id } });
    expect(again.response.status, 'no live authorization left: 404').toBe(404);

    // docs/operations.md "Access trail": the grant ended by the school is recorded, reason operator.
    const trail = await fetch(`${origin}/api/v1/auth-events?kind=grant.revoked&person_id=${student.id}`, {
      headers: { authorization: `Bearer ${await operatorToken(origin, 'auth_events:read')}` },
    });
    expect(trail.status).toBe(200);
    const events = ((await trail.json()) as { data: Array<{ reason: string | null; client_id: string | null }> }).data;
    expect(events.map((e) => [e.reason, e.client_id])).toEqual([['operator', CLIENTS.memberApp]]);
  });

  describe("an application of the school's own with two members", () => {
    let clientId: string;
    let applicationId: string;
    let first: Person;
    let second: Person;
    const held: Array<{ access_token: string; refresh_token?: string | undefined }> = [];

    beforeAll(async () => {
      const owner = await signedIn(origin, ACCOUNTS.owner);
      const name = `Access Test ${randomUUID().slice(0, 8)}`;
      ({ clientId } = await createMemberApplication(origin, owner, {
        name,
        redirectUris: ['http://127.0.0.1/callback'],
        scopes: ['openid', 'account:read'],
      }));
      const listed = await applicationByClientId(client, clientId);
      expect(listed, 'a member application of the school is listed before anyone connects it').toMatchObject({
        name,
        members_with_access: 0,
        grants: 0,
        last_used_at: null,
      });
      applicationId = listed!.id;
      first = await joinedStudent(client, { email: uniqueEmail('access-a'), name: 'Access A' });
      second = await joinedStudent(client, { email: uniqueEmail('access-b'), name: 'Access B' });
      // The first connects twice: two authorizations, one member.
      held.push(
        await connect(as, clientId, first),
        await connect(as, clientId, first),
        await connect(as, clientId, second),
      );
    });

    it('listApplications counts the people holding access and their authorizations; the audience filter keeps member applications', async () => {
      const app = await applicationByClientId(client, clientId);
      expect(app).toMatchObject({ id: applicationId, members_with_access: 2, grants: 3 });
      const members = await allPages((cursor) =>
        listApplications({ client, query: { limit: 100, cursor, audience: 'member' } }),
      );
      expect(members.items.every((a) => a.audience === 'member')).toBe(true);
      expect(members.items.map((a) => a.id)).toContain(applicationId);
      const operators = await allPages((cursor) =>
        listApplications({ client, query: { limit: 100, cursor, audience: 'operator' } }),
      );
      expect(operators.items.map((a) => a.id)).not.toContain(applicationId);
    });

    it('OpenAPI "Pagination": listApplications and listApplicationGrants page to the end with limit 1, each item once', async () => {
      const holders = await allPages((cursor) =>
        listApplicationGrants({ client, path: { application_id: applicationId }, query: { limit: 1, cursor } }),
      );
      expect(holders.pages).toBe(2);
      expect(holders.items.map((m) => m.person_id).sort()).toEqual([first.id, second.id].sort());
      expect(holders.items.find((m) => m.person_id === first.id)!.grants).toBe(2);
      const everything = await allPages((cursor) => listApplications({ client, query: { limit: 100, cursor } }));
      const oneByOne = await allPages((cursor) => listApplications({ client, query: { limit: 1, cursor } }));
      expect(oneByOne.items.length).toBeGreaterThanOrEqual(everything.items.length - 5); // others may connect meanwhile
      expect(new Set(oneByOne.items.map((a) => a.id)).size).toBe(oneByOne.items.length);
      expect(oneByOne.items.map((a) => a.id)).toContain(applicationId);
    });

    it('revoking needs members:write (403 insufficient-scope) and names an application and person of this school (404)', async () => {
      const refused = await revokeApplicationGrants({ client: readOnly, path: { application_id: applicationId } });
      expect(refused.response.status).toBe(403);
      expect((refused.error as { error?: string }).error).toBe('insufficient_scope');
      const one = await revokeApplicationGrant({
        client: readOnly,
        path: { application_id: applicationId, person_id: first.id },
      });
      expect(one.response.status).toBe(403);
      const unknown = randomUUID();
      expect((await listApplicationGrants({ client, path: { application_id: unknown } })).response.status).toBe(404);
      expect((await revokeApplicationGrants({ client, path: { application_id: unknown } })).response.status).toBe(404);
      expect(
        (await revokeApplicationGrant({ client, path: { application_id: applicationId, person_id: unknown } })).response
          .status,
      ).toBe(404);
      expect((await listApplicationGrants({ client, path: { application_id: 'not-a-uuid' } })).response.status).toBe(
        400,
      );
      expect((await readOnly.get({ url: '/api/v1/applications' })).response.status).toBe(200);
    });

    it.skipIf(!secondary)('another school sees none of it: the application is 404 there', async () => {
      const there = adminClient(
        secondary,
        await operatorToken(secondary, 'members:read members:write', ACCOUNTS.secondSchoolOwner),
      );
      expect(
        (await listApplicationGrants({ client: there, path: { application_id: applicationId } })).response.status,
      ).toBe(404);
      expect(
        (await revokeApplicationGrants({ client: there, path: { application_id: applicationId } })).response.status,
      ).toBe(404);
    });

    it('revokeApplicationGrants ends every authorization of the application here and counts them; every token stops working', async () => {
      const revoked = await revokeApplicationGrants({ client, path: { application_id: applicationId } });
      expect(revoked.response.status).toBe(200);
      expect(revoked.data).toEqual({ revoked_grants: 3, members: 2 });
      for (const tokens of held) {
        expect(await introspect(clientId, tokens.access_token)).toBe(false);
        expect((await refresh(clientId, tokens.refresh_token!)).body.error).toBe('invalid_grant');
      }
      const app = await applicationByClientId(client, clientId);
      expect(app, 'the application stays, with nobody holding access').toMatchObject({
        members_with_access: 0,
        grants: 0,
      });
      const holders = await listApplicationGrants({ client, path: { application_id: applicationId } });
      expect(holders.data).toEqual({ data: [], next_cursor: null });
      const again = await revokeApplicationGrants({ client, path: { application_id: applicationId } });
      expect(again.data).toEqual({ revoked_grants: 0, members: 0 });
    });

    it('after revocation the member is asked again: the remembered consent is gone, so the consent page is shown (and denying it grants nothing)', async () => {
      const outcome = await authorizeInBrowser(as, {
        clientId,
        redirectUri,
        scope: 'openid account:read',
        resource: origin,
        email: second.email,
        password: NEW_PERSON_PASSWORD,
        decision: 'deny',
      });
      expect(outcome.callback.searchParams.get('error'), outcome.callback.toString()).toBe('access_denied');
      expect((await applicationByClientId(client, clientId))!.members_with_access).toBe(0);
    });
  });
});
