// Login timing (OWASP Authentication Cheat Sheet, "Authentication and
// Error Messages"; CWE-208 Observable Timing Discrepancy): a wrong password for a real account and
// any password for an account that does not exist take the same time, so response times do not
// tell which e-mail addresses have accounts. Both paths run a password hash (the unknown one
// against a dummy hash); if either skipped it, the medians would differ by the cost of a hash
// (tens of milliseconds), far outside the bound. The tries alternate, so load from the suites
// running alongside falls on both sides alike.
import { randomUUID } from 'node:crypto';
import { expect, inject, it } from 'vitest';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts.ts';
import { browserFetch, CookieJar, formFields } from '../support/cookie-jar.ts';

const origin = inject('primaryOrigin');
const TRIES = 20;
/** Generous: the two medians must be within a factor of two of each other. */
const BOUND = { low: 0.5, high: 2 };
// Five accounts, four wrong passwords each: well under the per-account limit of ten failures, so
// no try is throttled and the suites signing in as these people alongside are not either.
const ACCOUNTS_TRIED = [ACCOUNTS.owner, ACCOUNTS.admin, ACCOUNTS.lecturer, ACCOUNTS.student, ACCOUNTS.student2];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

it(
  `a wrong password and an unknown account take the same time: medians of ${TRIES} tries each within ${BOUND.low}–${BOUND.high}× (OWASP Authentication Cheat Sheet; CWE-208)`,
  { timeout: 60_000 },
  async () => {
    const jar = new CookieJar();
    const fields = formFields(await (await browserFetch(jar, `${origin}/oauth/sign-in`)).text());
    const attempt = async (email: string, password: string): Promise<{ status: number; ms: number }> => {
      const started = performance.now();
      const response = await browserFetch(jar, `${origin}/oauth/sign-in`, { form: { ...fields, email, password } });
      await response.arrayBuffer();
      return { status: response.status, ms: performance.now() - started };
    };

    // The accounts are real: each signs in with its password (which also clears its failure count).
    for (const email of ACCOUNTS_TRIED) expect((await attempt(email, DEMO_PASSWORD)).status, email).toBe(303);

    const unknown = () => `timing-${randomUUID()}@no-account.test`;
    // Warm both paths up (first hashes, first queries) before measuring.
    await attempt(ACCOUNTS_TRIED[0]!, 'warm-up-wrong');
    await attempt(unknown(), 'warm-up-wrong');

    const wrongPassword: number[] = [];
    const unknownAccount: number[] = [];
    for (let i = 0; i < TRIES; i++) {
      const tryWrong = () => attempt(ACCOUNTS_TRIED[i % ACCOUNTS_TRIED.length]!, `wrong-${i}`);
      const tryUnknown = () => attempt(unknown(), `wrong-${i}`);
      // A B B A: neither side always goes first.
      let wrong: { status: number; ms: number };
      let none: { status: number; ms: number };
      if (i % 2 === 0) {
        wrong = await tryWrong();
        none = await tryUnknown();
      } else {
        none = await tryUnknown();
        wrong = await tryWrong();
      }
      expect([wrong.status, none.status], 'every try is an ordinary failure, not throttled').toEqual([401, 401]);
      wrongPassword.push(wrong.ms);
      unknownAccount.push(none.ms);
    }

    const ratio = median(unknownAccount) / median(wrongPassword);
    if (process.env.HOSTILE_FUZZ_VERBOSE)
      console.info(`login timing: ${median(wrongPassword).toFixed(1)} / ${median(unknownAccount).toFixed(1)} ms`);
    const figures = `median wrong password ${median(wrongPassword).toFixed(1)} ms, unknown account ${median(unknownAccount).toFixed(1)} ms, ratio ${ratio.toFixed(2)}`;
    expect(ratio, figures).toBeGreaterThanOrEqual(BOUND.low);
    expect(ratio, figures).toBeLessThanOrEqual(BOUND.high);
  },
);
