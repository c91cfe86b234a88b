// Redirects stay home (RFC 9700 4.11.2): whatever `return_to` a sign-in or sign-out is given, the
// Location it answers with is a path of the school's own origin, read as loosely as browsers read
// it (tab/CR/LF stripped, `\` as `/`, decoded once more). Driven over HTTP through the real
// endpoints with a table of known-bad values and a fast-check sample of a grammar of hostile
// pieces (contract-tests/support/hostile-return-to.ts). RFC 9700 4.11.2: no open redirector.
//
//   npx vitest run --project contract contract-tests/hostile/return-to.test.ts
import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts.ts';
import { browserFetch, CookieJar, formFields } from '../support/cookie-jar.ts';
import { hostileReturnTo, KNOWN_BAD_RETURN_TOS, offOriginReason } from '../support/hostile-return-to.ts';

const origin = inject('primaryOrigin');
const SAMPLE = fc.sample(hostileReturnTo, { numRuns: 200, seed: 136 });
/** A real sign-in per value costs a password hash: the table, and a slice of the sample. */
const SIGN_IN_VALUES = [...KNOWN_BAD_RETURN_TOS, ...SAMPLE.slice(0, 6)];

/** A redirect must stay home; a refusal of the input (U+0000 is refused) must not redirect at all. */
function verdict(response: Response): string | undefined {
  if (response.status === 400) return response.headers.get('location') === null ? undefined : 'a 400 with a Location';
  if (response.status !== 303) return `status ${response.status}`;
  return offOriginReason(response.headers.get('location'), origin);
}

async function signOutLocation(returnTo: string, jar = new CookieJar(), csrf = 'no-session'): Promise<Response> {
  return browserFetch(jar, `${origin}/oauth/sign-out`, { form: { csrf_token: csrf, return_to: returnTo } });
}

/** Runs `check` over the values a few at a time and lists every value whose answer left home. */
async function offOriginAmong(
  values: readonly string[],
  check: (value: string) => Promise<string | undefined>,
): Promise<string[]> {
  const failures: string[] = [];
  for (let i = 0; i < values.length; i += 8) {
    const chunk = values.slice(i, i + 8);
    const reasons = await Promise.all(chunk.map((value) => check(value)));
    reasons.forEach((reason, j) => reason && failures.push(`${JSON.stringify(chunk[j])}: ${reason}`));
  }
  return failures;
}

describe('sign-in and sign-out redirect only to paths of this origin (RFC 9700 4.11.2)', () => {
  it('sign-out without a session: known-bad return_to values and a fast-check sample', async () => {
    const failures = await offOriginAmong([...KNOWN_BAD_RETURN_TOS, ...SAMPLE], async (value) => {
      return verdict(await signOutLocation(value));
    });
    expect(failures).toEqual([]);
  });

  it('the sign-in page carries only a same-origin return_to in its form', async () => {
    const failures = await offOriginAmong([...KNOWN_BAD_RETURN_TOS, ...SAMPLE], async (value) => {
      const response = await fetch(`${origin}/oauth/sign-in?return_to=${encodeURIComponent(value)}`);
      if (response.status !== 200) return verdict(response);
      return offOriginReason(formFields(await response.text()).return_to ?? null, origin);
    });
    expect(failures).toEqual([]);
  });

  it('a real sign-in with a hostile return_to sends the signed-in browser home', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    for (const value of SIGN_IN_VALUES) {
      const jar = new CookieJar();
      const page = await browserFetch(jar, `${origin}/oauth/sign-in?return_to=${encodeURIComponent(value)}`);
      const fields = formFields(await page.text());
      // The form is posted with the hostile value itself, not the page's cleaned copy of it.
      const response = await browserFetch(jar, `${origin}/oauth/sign-in`, {
        form: { ...fields, return_to: value, email: ACCOUNTS.student2, password: DEMO_PASSWORD },
      });
      const reason = verdict(response);
      if (reason) failures.push(`${JSON.stringify(value)}: ${reason}`);
    }
    expect(failures).toEqual([]);
  });

  it(
    'a signed-in sign-out (with its CSRF token) and a hostile return_to sends the browser home',
    { timeout: 60_000 },
    async () => {
      const failures: string[] = [];
      for (const value of KNOWN_BAD_RETURN_TOS.slice(0, 12)) {
        const jar = new CookieJar();
        const form = formFields(await (await browserFetch(jar, `${origin}/oauth/sign-in`)).text());
        const signIn = await browserFetch(jar, `${origin}/oauth/sign-in`, {
          form: { ...form, email: ACCOUNTS.student2, password: DEMO_PASSWORD },
        });
        expect(signIn.status).toBe(303);
        const signedIn = formFields(await (await browserFetch(jar, `${origin}/oauth/sign-in`)).text());
        const response = await signOutLocation(value, jar, signedIn.csrf_token);
        const reason = verdict(response);
        if (reason) failures.push(`${JSON.stringify(value)}: ${reason}`);
      }
      expect(failures).toEqual([]);
    },
  );

  it('a page that asks for sign-in hands the sign-in page a same-origin return_to', async () => {
    const targets = [
      '/admin/.%2F%2Fevil.example',
      '/admin/%5C%5Cevil.example',
      '/account/..%2F%2Fevil.example',
      '/admin//evil.example',
      '/account/%2e%2e//evil.example',
    ];
    for (const target of targets) {
      const response = await fetch(`${origin}${target}`, { redirect: 'manual' });
      if (response.status !== 303) continue; // not a page of the areas: nothing to sign in for
      const location = response.headers.get('location')!;
      expect(offOriginReason(location, origin), target).toBeUndefined();
      const returnTo = new URL(location, origin).searchParams.get('return_to');
      expect(offOriginReason(returnTo, origin), target).toBeUndefined();
    }
  });
});
