// "Forgot password?" (docs/security.md "Invitations and password reset"): a link on every school's sign-in page; the
// request answers alike for known and unknown addresses and mails only a known one, in the school's
// language; the mailed link is single use, and setting a password there (same rules as an
// invitation's) ends the person's browser sessions and grants at every school. Forms carry CSRF
// tokens. Read through the suite's real SMTP listener (support/mailbox.ts), and in Chromium.
import * as oauth from 'oauth4webapi';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { joinedStudent, uniqueEmail } from '../admin/people-fixtures.ts';
import { ACCOUNTS, CLIENTS } from '../support/accounts.ts';
import { adminClient } from '../support/admin-client.ts';
import { workerBrowser, skipBrowserTests } from '../support/browser.ts';
import { browserFetch, CookieJar, formFields } from '../support/cookie-jar.ts';
import { NEW_PERSON_PASSWORD } from '../support/invitations.ts';
import { allMail, linkIn, mailMark, mailTo } from '../support/mailbox.ts';
import { authorizeInBrowser, discover, exchangeCode } from '../support/oauth-flow.ts';
import { operatorToken } from '../support/tokens.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');
const mailDir = inject('mailDir');
const NEW_PASSWORD = 'a-brand-new-password';

/** A signed-in cookie jar at `at`, or the status the sign-in form answered. */
async function signIn(at: string, email: string, password: string): Promise<{ status: number; jar: CookieJar }> {
  const jar = new CookieJar();
  const fields = formFields(await (await browserFetch(jar, `${at}/oauth/sign-in?return_to=%2Faccount`)).text());
  const status = (await browserFetch(jar, `${at}/oauth/sign-in`, { form: { ...fields, email, password } })).status;
  return { status, jar };
}

/** Posts the forgot form for `email` as a browser does (its CSRF cookie and token); the answer. */
async function askReset(at: string, email: string, jar = new CookieJar()): Promise<Response> {
  const fields = formFields(await (await browserFetch(jar, `${at}/account/password/forgot`)).text());
  return browserFetch(jar, `${at}/account/password/forgot`, { form: { ...fields, email } });
}

/** The page's text without the per-request CSRF token. */
const withoutTokens = (html: string) => html.replace(/value="scx_[^"]*"/g, 'value=""');

describe.skipIf(!mailDir || !secondary)(
  'forgot password, reset by a mailed link (docs/security.md "Invitations and password reset")',
  () => {
    let email: string;

    beforeAll(async () => {
      email = uniqueEmail('forgetful');
      await joinedStudent(adminClient(origin, await operatorToken(origin, 'students:write')), {
        email,
        name: 'Forgetful <Person>',
      });
      const second = adminClient(
        secondary,
        await operatorToken(secondary, 'students:write', ACCOUNTS.secondSchoolOwner),
      );
      await joinedStudent(second, { email, name: 'Forgetful' });
    });

    it('every school’s sign-in page links "Forgot password?" in its language', async () => {
      const english = await (await fetch(`${origin}/oauth/sign-in`)).text();
      expect(english).toContain('<a href="/account/password/forgot">Forgot password?</a>');
      const german = await (await fetch(`${secondary}/oauth/sign-in`)).text();
      expect(german).toContain('<a href="/account/password/forgot">Passwort vergessen?</a>');
    });

    it('answers a known and an unknown address alike; only the known one is mailed', async () => {
      const unknown = uniqueEmail('nobody');
      const mark = await mailMark();
      const known = await askReset(origin, email);
      const stranger = await askReset(origin, unknown);
      expect(known.status).toBe(200);
      expect(stranger.status).toBe(200);
      expect(withoutTokens(await stranger.text())).toBe(withoutTokens(await known.text()));
      const mail = await mailTo(email, (m) => m.file > mark && linkIn(m, '/account/password/reset/') !== undefined);
      expect(mail.parsed.subject).toBe('Choose a new password for Demo Academy');
      expect(String(mail.parsed.html)).toContain('Hello Forgetful &lt;Person&gt;,');
      // Given the known address's mail time to arrive, none went to the unknown one.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect((await allMail()).filter((m) => m.envelopeTo.includes(unknown))).toEqual([]);
    });

    it('a form without its CSRF token is refused (400)', async () => {
      const jar = new CookieJar();
      await browserFetch(jar, `${origin}/account/password/forgot`);
      const refused = await browserFetch(jar, `${origin}/account/password/forgot`, {
        form: { csrf_token: 'forged', email },
      });
      expect(refused.status).toBe(400);
    });

    it('the German school mails in German', async () => {
      const mark = await mailMark();
      expect((await askReset(secondary, email)).status).toBe(200);
      const mail = await mailTo(email, (m) => m.file > mark && linkIn(m, '/account/password/reset/') !== undefined);
      expect(mail.parsed.subject).toBe('Neues Passwort für Second School');
      expect(new URL(linkIn(mail, '/account/password/reset/')!).origin).toBe(secondary);
    });

    it('the link sets a new password once, with the invitation’s rules, and ends every session and grant of the person at every school', async () => {
      // Signed in at both schools, and holding a refresh token of the demo member application.
      const demoSession = await signIn(origin, email, NEW_PERSON_PASSWORD);
      const secondSession = await signIn(secondary, email, NEW_PERSON_PASSWORD);
      expect([demoSession.status, secondSession.status]).toEqual([303, 303]);
      const as = await discover(origin);
      const client: oauth.Client = { client_id: CLIENTS.memberApp, token_endpoint_auth_method: 'none' };
      const redirectUri = 'http://127.0.0.1:8765/callback';
      const outcome = await authorizeInBrowser(as, {
        clientId: client.client_id,
        redirectUri,
        scope: 'openid account:read',
        resource: origin,
        email,
        password: NEW_PERSON_PASSWORD,
      });
      const tokens = await exchangeCode(as, client, oauth.None(), outcome, redirectUri, origin);
      expect(tokens.refresh_token).toBeTruthy();

      const trail = await operatorToken(origin, 'auth_events:read');
      const signInsOf = async () => {
        const answer = await fetch(`${origin}/api/v1/auth-events?kind=sign_in.succeeded&limit=100`, {
          headers: { authorization: `Bearer ${trail}` },
        });
        const { data } = (await answer.json()) as { data: { person_email: string | null }[] };
        return data.filter((event) => event.person_email === email).length;
      };
      const signInsBefore = await signInsOf();
      const mark = await mailMark();
      await askReset(origin, email);
      const link = linkIn(
        await mailTo(email, (m) => m.file > mark && linkIn(m, '/account/password/reset/') !== undefined),
        '/account/password/reset/',
      )!;
      const jar = new CookieJar();
      const fields = formFields(await (await browserFetch(jar, link)).text());
      const mismatch = await browserFetch(jar, link, {
        form: { ...fields, password: NEW_PASSWORD, password_again: 'something-else' },
      });
      expect(mismatch.status).toBe(400);
      const short = await browserFetch(jar, link, { form: { ...fields, password: 'short', password_again: 'short' } });
      expect(short.status).toBe(400);
      const saved = await browserFetch(jar, link, {
        form: { ...fields, password: NEW_PASSWORD, password_again: NEW_PASSWORD },
      });
      expect(saved.status).toBe(303);
      expect(saved.headers.get('location')).toBe('/account');
      // docs/operations.md "Access trail": the link signed the person in, recorded as every sign-in is.
      expect(await signInsOf()).toBe(signInsBefore + 1);
      // Signed in here with the new session; the old sessions at both schools are over.
      expect((await browserFetch(jar, `${origin}/account`)).status).toBe(200);
      for (const [at, session] of [
        [origin, demoSession],
        [secondary, secondSession],
      ] as const)
        expect((await browserFetch(session.jar, `${at}/account`)).status, at).toBe(303);
      // The grant ended: its refresh token is refused.
      const refreshed = await fetch(`${origin}/api/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token!,
          client_id: client.client_id,
        }).toString(),
      });
      expect(refreshed.status).toBe(400);
      expect(((await refreshed.json()) as { error: string }).error).toBe('invalid_grant');
      // The old password no longer signs in, the new one does, at every school.
      expect((await signIn(origin, email, NEW_PERSON_PASSWORD)).status).toBe(401);
      expect((await signIn(secondary, email, NEW_PASSWORD)).status).toBe(303);
      // Single use: the link is spent.
      expect((await fetch(link)).status).toBe(404);
      const again = await browserFetch(jar, link, {
        form: { ...fields, password: 'yet-another-password', password_again: 'yet-another-password' },
      });
      expect(again.status).toBe(404);
    });

    it.skipIf(skipBrowserTests)(
      'in Chromium: from the sign-in page to a new password, through the mailbox',
      async () => {
        const person = uniqueEmail('chromium-reset');
        await joinedStudent(adminClient(origin, await operatorToken(origin, 'students:write')), {
          email: person,
          name: 'Chromium Person',
        });
        const page = await (await workerBrowser()).newPage();
        try {
          await page.goto(`${origin}/oauth/sign-in`);
          await page.getByRole('link', { name: 'Forgot password?' }).click();
          await page.getByLabel('Email').fill(person);
          const mark = await mailMark();
          await page.getByRole('button', { name: 'Send the link' }).click();
          await page.getByText('If an account exists for that address').waitFor();
          const link = linkIn(
            await mailTo(person, (m) => m.file > mark && linkIn(m, '/account/password/reset/') !== undefined),
            '/account/password/reset/',
          )!;
          await page.goto(link);
          await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
          await page.getByLabel('New password again').fill(NEW_PASSWORD);
          await page.getByRole('button', { name: 'Save the new password' }).click();
          await page.waitForURL(`${origin}/account`);
          expect((await signIn(origin, person, NEW_PASSWORD)).status).toBe(303);
        } finally {
          await page.context().close(); // newPage opened a context of its own
        }
      },
    );
  },
);
