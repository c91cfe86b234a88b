// Who may authorize is decided when the person presses "Allow", not when the consent page was
// drawn (/auth.md "3. Authorize": operator clients only for owners and admins; anyone else
// gets access_denied). An admin opens the consent page of an operator client; the owner then
// makes them a lecturer; their "Allow" must not issue a code. On an instance of this file's own,
// because it changes a demo account's role that other suites rely on.
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMembers, setMemberRoles } from '../../generated/openapi/client/sdk.gen.ts';
import type { Instance } from '../reliability/instance.ts';
import { ownInstanceUnavailable, startOwnInstance } from '../service/own-instance.ts';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts.ts';
import { adminClient } from '../support/admin-client.ts';
import { browserFetch, CookieJar, formFields } from '../support/cookie-jar.ts';
import { discover, registerLoopbackClient } from '../support/oauth-flow.ts';
import { operatorToken } from '../support/tokens.ts';

const redirectUri = 'http://127.0.0.1:47500/callback';

/** Opens an authorization request, signs in, and returns the consent page's HTML. */
async function openConsentPage(origin: string, jar: CookieJar, clientId: string, scope: string): Promise<string> {
  const url = new URL('/oauth/authorize', origin);
  const challenge = await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier());
  for (const [k, v] of Object.entries({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    scope,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'role-change',
  }))
    url.searchParams.set(k, v);
  const toSignIn = await browserFetch(jar, url.toString());
  const signInPage = await (
    await browserFetch(jar, new URL(toSignIn.headers.get('location')!, origin).toString())
  ).text();
  const signedIn = await browserFetch(jar, `${origin}/oauth/sign-in`, {
    form: { ...formFields(signInPage), email: ACCOUNTS.admin, password: DEMO_PASSWORD },
  });
  expect(signedIn.status).toBe(303);
  const consent = await browserFetch(jar, new URL(signedIn.headers.get('location')!, origin).toString());
  const html = await consent.text();
  expect(consent.status).toBe(200);
  expect(html).toContain('action="/oauth/authorize"');
  return html;
}

describe.skipIf(ownInstanceUnavailable)(
  'a role taken away while the consent page is open (/auth.md "3. Authorize")',
  () => {
    let instance: Instance;
    let origin: string;
    let clientId: string;

    beforeAll(async () => {
      instance = await startOwnInstance();
      origin = instance.origin;
      clientId = (
        await registerLoopbackClient(await discover(origin), {
          redirect_uris: [redirectUri],
          client_name: 'Role change',
        })
      ).client_id;
    }, 120_000);
    afterAll(async () => {
      await instance?.stop();
    });

    it('an admin made a lecturer before pressing Allow gets access_denied and no code (RFC 6749 4.1.2.1)', async () => {
      const jar = new CookieJar();
      const html = await openConsentPage(origin, jar, clientId, 'courses:read');

      const client = adminClient(origin, await operatorToken(origin, 'members:read members:write'));
      const found = await listMembers({ client, query: { q: ACCOUNTS.admin, role: 'admin', limit: 10 } });
      const admin = found.data!.data.find((member) => member.email === ACCOUNTS.admin)!;
      const demoted = await setMemberRoles({ client, path: { person_id: admin.id }, body: { roles: ['lecturer'] } });
      expect(demoted.response.status).toBe(200);

      const decided = await browserFetch(jar, `${origin}/oauth/authorize`, {
        form: { ...formFields(html), decision: 'allow' },
      });
      expect(decided.status).toBe(302);
      const callback = new URL(decided.headers.get('location')!);
      expect(callback.searchParams.get('error')).toBe('access_denied');
      expect(callback.searchParams.get('code')).toBeNull();
      expect(callback.searchParams.get('iss')).toBe(origin);
    });
  },
);
