// Who may authorize which client, and with what (/auth.md "3. Authorize"): member-audience
// clients, anyone with a role at the school; operator-audience clients, only owners and admins,
// the granted scopes never exceeding what that role may do (an admin may not hand out
// members:write, which is the owner's); anyone else gets access_denied, with iss (RFC 9207 2).
// A person without a role at the school is already stopped at its sign-in (schools are separate).
import * as oauth from 'oauth4webapi';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, CLIENTS, DEMO_PASSWORD } from '../support/accounts.ts';
import { browserFetch, CookieJar, formFields } from '../support/cookie-jar.ts';
import { authorizeInBrowser, discover, exchangeCode, registerLoopbackClient } from '../support/oauth-flow.ts';

const origin = inject('primaryOrigin');
const redirectUri = 'http://127.0.0.1:47200/callback';
/** A person with roles at Second School only (README, demo accounts). */
const OTHER_SCHOOLS_OWNER = ACCOUNTS.secondSchoolOwner;

describe('who may authorize (/auth.md "3. Authorize")', () => {
  let as: oauth.AuthorizationServer;
  let client: oauth.Client;
  beforeAll(async () => {
    as = await discover(origin);
    client = await registerLoopbackClient(as, { redirect_uris: [redirectUri], client_name: 'Who may authorize' });
  });

  const authorize = (
    scope: string,
    email: string,
    clientId = client.client_id,
    extra: { resource?: string; redirectUri?: string } = {},
  ) =>
    authorizeInBrowser(as, {
      clientId,
      redirectUri: extra.redirectUri ?? redirectUri,
      scope,
      email,
      ...(extra.resource ? { resource: extra.resource } : {}),
    });

  it('an admin granting an operator client gets no more than an admin may do: members:write is left out of the token (scopes never exceed the role)', async () => {
    const outcome = await authorize('courses:read members:write', ACCOUNTS.admin);
    const tokens = await exchangeCode(as, client, oauth.None(), outcome, redirectUri);
    expect(tokens.scope).toBe('courses:read');
    const members = await fetch(`${origin}/api/v1/members`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(members.status).toBe(403);
  });

  it('an admin asking only for what an admin may not grant is access_denied, with state and iss (RFC 6749 4.1.2.1; RFC 9207 2)', async () => {
    const outcome = await authorize('members:write', ACCOUNTS.admin);
    expect(outcome.callback.searchParams.get('error')).toBe('access_denied');
    expect(outcome.callback.searchParams.get('state')).toBe(outcome.state);
    expect(outcome.callback.searchParams.get('iss')).toBe(origin);
  });

  it('the owner may grant members:write (control: the narrowing is by role, not by scope)', async () => {
    const outcome = await authorize('courses:read members:write', ACCOUNTS.owner);
    expect((await exchangeCode(as, client, oauth.None(), outcome, redirectUri)).scope).toBe(
      'courses:read members:write',
    );
  });

  it('a lecturer is refused an operator client with access_denied (operator clients for owners and admins only)', async () => {
    expect((await authorize('courses:read', ACCOUNTS.lecturer)).callback.searchParams.get('error')).toBe(
      'access_denied',
    );
  });

  it('a person with roles at another school only is not signed in here, with the one generic message, so no code is ever issued (anyone else is refused)', async () => {
    const jar = new CookieJar();
    const start = new URL('/oauth/authorize', origin);
    const challenge = await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier());
    for (const [k, v] of Object.entries({
      response_type: 'code',
      client_id: CLIENTS.memberApp,
      redirect_uri: redirectUri,
      scope: 'openid account:read',
      resource: origin,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'no-role',
    }))
      start.searchParams.set(k, v);
    const toSignIn = await browserFetch(jar, start.toString());
    expect([302, 303]).toContain(toSignIn.status);
    const signInUrl = new URL(toSignIn.headers.get('location')!, origin).toString();
    const fields = formFields(await (await browserFetch(jar, signInUrl)).text());
    const refused = await browserFetch(jar, `${origin}/oauth/sign-in`, {
      form: { ...fields, email: OTHER_SCHOOLS_OWNER, password: DEMO_PASSWORD },
    });
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain('Wrong e-mail or password.');
    expect(refused.headers.get('location')).toBeNull();
    // Still no session: the authorization request goes to the sign-in page again.
    expect((await browserFetch(jar, start.toString())).headers.get('location')).toMatch(/^\/oauth\/sign-in\?/);
  });

  it('a lecturer may authorize a member application (students and every other role included)', async () => {
    const outcome = await authorize('openid account:read', ACCOUNTS.lecturer, CLIENTS.memberApp, { resource: origin });
    expect(outcome.callback.searchParams.get('code')).toBeTruthy();
  });
});
