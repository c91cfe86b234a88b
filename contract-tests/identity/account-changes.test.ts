// /account/profile (docs/security.md "Account changes"): a signed-in person changes their name, their
// password (the current one required; their other sessions end) and their e-mail address (a link
// mailed to the new address must be opened first; the old address is told), and verifies their
// address (OpenID Connect Core 5.1 email_verified). Every form carries the session's CSRF token;
// mails are read from the suite's SMTP listener (support/mailbox.ts).
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { joinedStudent, uniqueEmail } from '../admin/people-fixtures.ts';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { adminClient } from '../support/admin-client.ts';
import { browserFetch, CookieJar, formFields } from '../support/cookie-jar.ts';
import { NEW_PERSON_PASSWORD } from '../support/invitations.ts';
import { linkIn, mailMark, mailTo } from '../support/mailbox.ts';
import { operatorToken } from '../support/tokens.ts';
import { csrfFor, pageHtml, postForm } from '../web/area-http.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');
const mailDir = inject('mailDir');

async function signIn(at: string, email: string, password: string): Promise<{ status: number; jar: CookieJar }> {
  const jar = new CookieJar();
  const fields = formFields(await (await browserFetch(jar, `${at}/oauth/sign-in?return_to=%2Faccount`)).text());
  const status = (await browserFetch(jar, `${at}/oauth/sign-in`, { form: { ...fields, email, password } })).status;
  return { status, jar };
}

/** Posts a profile form with the page's CSRF token. */
async function profileForm(jar: CookieJar, at: string, path: string, fields: Array<[string, string]>) {
  const csrf = csrfFor(await pageHtml(jar, `${at}/account/profile`), path);
  return postForm(jar, `${at}${path}`, [['csrf_token', csrf], ...fields]);
}

/** Opens a mailed link's page and presses its button, as a browser does. */
async function pressLink(link: string): Promise<Response> {
  const jar = new CookieJar();
  const fields = formFields(await (await browserFetch(jar, link)).text());
  return browserFetch(jar, link, { form: fields });
}

describe.skipIf(!mailDir || !secondary)(
  'account changes at /account/profile (docs/security.md "Account changes")',
  () => {
    let email: string;
    let jar: CookieJar;

    beforeAll(async () => {
      email = uniqueEmail('profile');
      await joinedStudent(adminClient(origin, await operatorToken(origin, 'students:write')), {
        email,
        name: 'Profile Person',
      });
      const signedIn = await signIn(origin, email, NEW_PERSON_PASSWORD);
      expect(signedIn.status).toBe(303);
      jar = signedIn.jar;
    });

    it('changes the name (escaped where shown); a form without the CSRF token changes nothing', async () => {
      const forged = await postForm(jar, `${origin}/account/profile/name`, [
        ['csrf_token', 'forged'],
        ['name', 'Forged'],
      ]);
      expect(forged.status).toBe(400);
      const saved = await profileForm(jar, origin, '/account/profile/name', [['name', '<i>Ada</i> & Co']]);
      expect(saved.status).toBe(303);
      expect(saved.headers.get('location')).toBe('/account/profile?done=nameChanged');
      const page = await pageHtml(jar, `${origin}/account/profile`);
      expect(page).toContain('value="&lt;i&gt;Ada&lt;/i&gt; &amp; Co"');
      expect(page).not.toContain('<i>Ada</i>');
    });

    it('changes the password only with the current one, and ends the person’s other sessions', async () => {
      const elsewhere = await signIn(origin, email, NEW_PERSON_PASSWORD);
      expect(elsewhere.status).toBe(303);
      const wrong = await profileForm(jar, origin, '/account/profile/password', [
        ['current_password', 'not-my-password'],
        ['password', 'my-changed-password'],
        ['password_again', 'my-changed-password'],
      ]);
      expect(wrong.status).toBe(400);
      const changed = await profileForm(jar, origin, '/account/profile/password', [
        ['current_password', NEW_PERSON_PASSWORD],
        ['password', 'my-changed-password'],
        ['password_again', 'my-changed-password'],
      ]);
      expect(changed.status).toBe(303);
      expect((await browserFetch(jar, `${origin}/account/profile`)).status, 'this session stays').toBe(200);
      expect((await browserFetch(elsewhere.jar, `${origin}/account`)).status, 'the other one ended').toBe(303);
      expect((await signIn(origin, email, NEW_PERSON_PASSWORD)).status).toBe(401);
      expect((await signIn(origin, email, 'my-changed-password')).status).toBe(303);
    });

    it('changes the e-mail address only once the link mailed to the new address is opened; the old address is told', async () => {
      const newEmail = uniqueEmail('profile-new');
      const mark = await mailMark();
      const asked = await profileForm(jar, origin, '/account/profile/email', [
        ['email', newEmail.toUpperCase()],
        ['current_password', 'my-changed-password'],
      ]);
      expect(asked.status).toBe(303);
      const mail = await mailTo(newEmail, (m) => m.file > mark);
      expect(mail.parsed.subject).toBe('Confirm your new e-mail address at Demo Academy');
      const link = linkIn(mail, '/account/email/confirm/')!;
      // Not yet: the old address still signs in, the new one does not.
      expect((await signIn(origin, newEmail, 'my-changed-password')).status).toBe(401);
      expect((await fetch(link)).status, 'opening the page changes nothing').toBe(200);
      expect((await signIn(origin, email, 'my-changed-password')).status).toBe(303);
      const confirmed = await pressLink(link);
      expect(confirmed.status).toBe(200);
      expect(await confirmed.text()).toContain('Your e-mail address was changed.');
      const told = await mailTo(email, (m) => m.file > mark);
      expect(told.parsed.subject).toBe('Your e-mail address at Demo Academy was changed');
      expect(told.parsed.text).toContain(newEmail);
      expect((await signIn(origin, newEmail, 'my-changed-password')).status).toBe(303);
      expect((await signIn(origin, email, 'my-changed-password')).status).toBe(401);
      expect((await fetch(link)).status, 'single use').toBe(404);
    });

    it('verifies the current address by a mailed link, in the school’s language (Second School: German)', async () => {
      const student = 'student1@second-school.test';
      const signedIn = await signIn(secondary, student, DEMO_PASSWORD);
      expect(signedIn.status).toBe(303);
      const page = await pageHtml(signedIn.jar, `${secondary}/account/profile`);
      expect(page).toContain('(nicht bestätigt)');
      const mark = await mailMark();
      expect((await profileForm(signedIn.jar, secondary, '/account/profile/verify', [])).status).toBe(303);
      const mail = await mailTo(student, (m) => m.file > mark);
      expect(mail.parsed.subject).toBe('E-Mail-Adresse bei Second School bestätigen');
      const verified = await pressLink(linkIn(mail, '/account/email/verify/')!);
      expect(verified.status).toBe(200);
      expect(await pageHtml(signedIn.jar, `${secondary}/account/profile`)).toContain('(bestätigt)');
    });
  },
);
