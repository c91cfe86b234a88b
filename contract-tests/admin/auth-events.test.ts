// The access trail through the admin API (OpenAPI listAuthEvents; docs/operations.md "Access
// trail"): a real operator token with auth_events:read reads what this test itself did at the
// school (a sign-in, a consent, tokens issued and refreshed, a refresh token reused, failed
// sign-ins), by the filters and page by page; the scope is its own, and bad filters are 400.
import * as oauth from 'oauth4webapi';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { listAuthEvents, type AuthEvent } from '../../generated/openapi/client/index.ts';
import { adminClient } from '../support/admin-client.ts';
import { ACCOUNTS, CLIENTS } from '../support/accounts.ts';
import { browserFetch, CookieJar, formFields } from '../support/cookie-jar.ts';
import { csrfFor, pageHtml, postForm } from '../web/area-http.ts';
import {
  authorizationUrl,
  authorizeInBrowser,
  discover,
  exchangeCode,
  insecure,
  registerLoopbackClient,
} from '../support/oauth-flow.ts';
import { operatorToken } from '../support/tokens.ts';

const origin = inject('primaryOrigin');
const redirectUri = 'http://127.0.0.1:8765/callback';

/** Posts the sign-in form with these credentials; the status the server answered. */
async function signInWith(as: oauth.AuthorizationServer, clientId: string, email: string, password: string) {
  const jar = new CookieJar();
  const url = authorizationUrl(as, { clientId, redirectUri, scope: 'openid' }, { challenge: 'x'.repeat(43) }, 's', 'n');
  let response = await browserFetch(jar, url.toString());
  while (response.status === 302 || response.status === 303)
    response = await browserFetch(jar, new URL(response.headers.get('location')!, url).toString());
  const fields = formFields(await response.text());
  const signIn = await browserFetch(jar, `${origin}/oauth/sign-in`, { form: { ...fields, email, password } });
  return signIn.status;
}

describe('access trail (GET /api/v1/auth-events, scope auth_events:read)', () => {
  let client: ReturnType<typeof adminClient>;
  let agent: oauth.Client;
  const since = new Date(Date.now() - 1000).toISOString();
  /** Whether the test's token requests fell into one hour (token.issued is once per grant and hour). */
  let oneHour = true;

  /** Every event of the filtered list, paged to the end `limit` at a time. */
  async function all(query: Record<string, string | number> = {}, limit = 100): Promise<AuthEvent[]> {
    const events: AuthEvent[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 100; page += 1) {
      const { data, response } = await listAuthEvents({ client, query: { ...query, limit, cursor } });
      expect(response.status).toBe(200);
      events.push(...data!.data);
      cursor = data!.next_cursor ?? undefined;
      if (!cursor) return events;
    }
    throw new Error('more than 100 pages');
  }

  beforeAll(async () => {
    client = adminClient(origin, await operatorToken(origin, 'auth_events:read'));
    // An agent of this test: signed in as the owner, consented, issued tokens, refreshed, then reused.
    const as = await discover(origin);
    agent = await registerLoopbackClient(as);
    const outcome = await authorizeInBrowser(as, {
      clientId: agent.client_id,
      redirectUri,
      scope: 'courses:read',
      email: ACCOUNTS.owner,
    });
    const hourOf = () => Math.floor(Date.now() / 3_600_000);
    const firstHour = hourOf();
    const tokens = await exchangeCode(as, agent, oauth.None(), outcome, redirectUri);
    const refresh = async (token: string) => oauth.refreshTokenGrantRequest(as, agent, oauth.None(), token, insecure);
    const second = await oauth.processRefreshTokenResponse(as, agent, await refresh(tokens.refresh_token!));
    const third = await oauth.processRefreshTokenResponse(as, agent, await refresh(second.refresh_token!));
    expect(third.access_token).toBeDefined();
    oneHour = hourOf() === firstHour;
    // RFC 9700 4.14.2: the first refresh token again, its successors already used: the family ends.
    expect((await refresh(tokens.refresh_token!)).status).toBe(400);
    expect(await signInWith(as, agent.client_id, ACCOUNTS.owner, 'not-the-password')).toBe(401);
    expect(await signInWith(as, agent.client_id, 'nobody-at-all@example.test', 'whatever-it-is')).toBe(401);
  });

  it('records the sign-in, consent, one token.issued per grant and hour, the reuse and the revocation it caused', async () => {
    // token.issued is written in batches within seconds (docs/operations.md "Access trail").
    let mine: AuthEvent[] = [];
    for (let tries = 0; tries < 40; tries += 1) {
      mine = await all({ client_id: agent.client_id, since });
      if (mine.some((e) => e.kind === 'token.issued')) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const kinds = mine
      .map((e) => `${e.kind}${e.reason ? `:${e.reason}` : ''}`)
      // A refresh in the next hour is that hour's first issue: recorded once more, rightly.
      .filter((kind) => oneHour || kind !== 'token.issued:refresh_token')
      .sort();
    expect(kinds).toEqual([
      'consent.given',
      'grant.revoked:reuse_detected',
      'refresh.reuse_detected',
      'token.issued:authorization_code',
    ]);
    expect(mine.every((e) => e.person_email === ACCOUNTS.owner && e.ip)).toBe(true);
  });

  it("keeps a failed sign-in's reason class, naming the person only for a known account, never the typed address", async () => {
    // Other suites fail sign-ins meanwhile: every failure of each class is checked, this test's among them.
    const failed = await all({ kind: 'sign_in.failed', since });
    const wrongPassword = failed.filter((e) => e.reason === 'wrong_password');
    expect(wrongPassword.some((e) => e.person_email === ACCOUNTS.owner)).toBe(true);
    expect(wrongPassword.every((e) => e.person_id !== null && e.person_email !== null)).toBe(true);
    const unknown = failed.filter((e) => e.reason === 'unknown_account');
    expect(unknown.length).toBeGreaterThan(0);
    for (const event of unknown) expect(event).toMatchObject({ person_id: null, person_email: null });
    expect(JSON.stringify(failed)).not.toContain('nobody-at-all');
  });

  it('filters by person, kind and time, newest first', async () => {
    const signIns = await all({ kind: 'sign_in.succeeded', since });
    const owner = signIns.find((e) => e.person_email === ACCOUNTS.owner)!;
    expect(owner).toBeDefined();
    const ofOwner = await all({ person_id: owner.person_id!, since });
    expect(ofOwner.length).toBeGreaterThanOrEqual(4);
    expect(ofOwner.every((e) => e.person_id === owner.person_id)).toBe(true);
    const times = ofOwner.map((e) => e.occurred_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(await all({ since: new Date(Date.now() + 3_600_000).toISOString() })).toEqual([]);
    expect(await all({ until: since, kind: 'refresh.reuse_detected', client_id: agent.client_id })).toEqual([]);
  });

  it('pages to the end with next_cursor, every event once (OpenAPI Cursor)', async () => {
    // This test's own client: other suites write events to the same school meanwhile.
    const whole = await all({ client_id: agent.client_id, since }, 100);
    const paged = await all({ client_id: agent.client_id, since }, 1);
    expect(paged.map((e) => e.id)).toEqual(whole.map((e) => e.id));
    expect(new Set(paged.map((e) => e.id)).size).toBe(paged.length);
    expect(paged.length).toBeGreaterThanOrEqual(4);
  });

  it('needs auth_events:read: another operator scope is 403 insufficient_scope naming it (RFC 6750 3.1)', async () => {
    const other = adminClient(origin, await operatorToken(origin, 'courses:read'));
    const { response, error } = await listAuthEvents({ client: other });
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(response.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
    expect(response.headers.get('www-authenticate')).toContain('scope="auth_events:read"');
    expect(error).toMatchObject({ error: 'insufficient_scope' });
  });

  it('an admin may hold the scope too (operator scopes: owners and admins)', async () => {
    const admin = adminClient(origin, await operatorToken(origin, 'auth_events:read', ACCOUNTS.admin));
    expect((await listAuthEvents({ client: admin, query: { limit: 1 } })).response.status).toBe(200);
  });

  it.each([
    [{ kind: 'sign_in.maybe' }, '/query/kind'],
    [{ since: 'yesterday' }, '/query/since'],
    [{ person_id: 'not-a-uuid' }, '/query/person_id'],
    [{ limit: 0 }, '/query/limit'],
    [{ cursor: 'forged.cursor' }, '/query/cursor'],
    [{ since: '2026-12-02T00:00:00Z', until: '2026-12-01T00:00:00Z' }, '/query/until'],
  ])('a bad filter %j is a 400 problem pointing at %s (RFC 9457)', async (query, pointer) => {
    const { response, error } = await listAuthEvents({ client, query: query as never });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(JSON.stringify(error)).toContain(pointer);
  });

  it('records a person withdrawing consent with the grants it ended, their sign-out, and a client revoking its own refresh token (RFC 7009 2)', async () => {
    const as = await discover(origin);
    const start = new Date(Date.now() - 1000).toISOString();
    // A member application authorized by student2, then revoked in their account area. The
    // confidential one, whose grants to student2 no other suite on this server holds tokens of.
    const member: oauth.Client = { client_id: CLIENTS.confidentialMemberApp };
    const outcome = await authorizeInBrowser(as, {
      clientId: CLIENTS.confidentialMemberApp,
      redirectUri: redirectUri,
      scope: 'openid account:read',
      resource: origin,
      email: ACCOUNTS.student2,
    });
    await exchangeCode(as, member, oauth.ClientSecretPost(CLIENTS.confidentialSecret), outcome, redirectUri, origin);
    const apps = await pageHtml(outcome.jar, `${origin}/account/connected-apps`);
    // The "Revoke" link that follows the application's name leads to its confirmation page, whose form posts.
    const after = apps.slice(apps.indexOf('Progress Sync'));
    const rowId = /href="\/account\/connected-apps\/([0-9a-f-]{36})\/revoke"/.exec(after)![1]!;
    const confirmation = await pageHtml(outcome.jar, `${origin}/account/connected-apps/${rowId}/revoke`);
    const revoked = await postForm(outcome.jar, `${origin}/account/connected-apps/revoke`, [
      ['csrf_token', csrfFor(confirmation, '/account/connected-apps/revoke')],
      ['client', rowId],
    ]);
    expect(revoked.status).toBe(303);
    // Their sign-out, from the "signed in as" page's form.
    const signedInPage = await pageHtml(outcome.jar, `${origin}/oauth/sign-in`);
    const signOut = await postForm(outcome.jar, `${origin}/oauth/sign-out`, [
      ['csrf_token', csrfFor(signedInPage, '/oauth/sign-out')],
    ]);
    expect(signOut.status).toBe(303);

    // An agent revoking its own refresh token ends its grant (RFC 7009 2.1).
    const own = await registerLoopbackClient(as);
    const ownTokens = await exchangeCode(
      as,
      own,
      oauth.None(),
      await authorizeInBrowser(as, {
        clientId: own.client_id,
        redirectUri,
        scope: 'courses:read',
        email: ACCOUNTS.owner,
      }),
      redirectUri,
    );
    const revocation = await oauth.revocationRequest(as, own, oauth.None(), ownTokens.refresh_token!, insecure);
    await oauth.processRevocationResponse(revocation);

    const ofStudent = (await all({ since: start, client_id: CLIENTS.confidentialMemberApp })).filter(
      (e) => e.person_email === ACCOUNTS.student2,
    );
    const kinds = ofStudent.map((e) => `${e.kind}${e.reason ? `:${e.reason}` : ''}`);
    expect(kinds).toContain('consent.withdrawn');
    expect(kinds).toContain('grant.revoked:person');
    expect(ofStudent.find((e) => e.kind === 'grant.revoked')).toMatchObject({ actor_email: ACCOUNTS.student2 });
    const logouts = await all({ since: start, kind: 'logout' });
    expect(logouts.some((e) => e.person_email === ACCOUNTS.student2)).toBe(true);
    const ofAgent = await all({ since: start, client_id: own.client_id, kind: 'grant.revoked' });
    expect(ofAgent.map((e) => e.reason)).toEqual(['client_request']);
  });
});
