// Accepting an invitation to a school through its page, as the person does (OpenAPI inviteStudent: an
// invite by e-mail adds nobody until they accept at the `accept_url` it answers with).
import { browserFetch, CookieJar, formFields } from './cookie-jar.ts';

/** A password for people the tests create; at least the 8 characters the accept page asks for. */
export const NEW_PERSON_PASSWORD = 'invited-person-password';

/** Opens the link and answers it; the accept page's double-submit CSRF cookie and token come along. */
export async function answerInvitation(
  acceptUrl: string,
  answer: { decision: 'accept' | 'decline'; password?: string; name?: string },
): Promise<Response> {
  const jar = new CookieJar();
  const page = await browserFetch(jar, acceptUrl);
  if (page.status !== 200) throw new Error(`the invitation page answered ${page.status}`);
  const { csrf_token } = formFields(await page.text());
  const form: Record<string, string> = { csrf_token: csrf_token!, decision: answer.decision };
  if (answer.password !== undefined) form.password = answer.password;
  if (answer.name !== undefined) form.name = answer.name;
  return browserFetch(jar, acceptUrl, { form });
}

/** Accepts and expects the person signed in and sent to their account (303 to /account). */
export async function acceptInvitation(acceptUrl: string, password = NEW_PERSON_PASSWORD): Promise<void> {
  const accepted = await answerInvitation(acceptUrl, { decision: 'accept', password });
  if (accepted.status !== 303)
    throw new Error(`accepting the invitation answered ${accepted.status}: ${(await accepted.text()).slice(0, 300)}`);
}
