// Post, then redirect, for every form of the admin and account areas, in Chromium, at both demo
// schools of an instance of this file's own (its forms change, rotate and delete what other suites
// rely on). The forms are found as a person finds them: on every page reached by following the
// areas' links (web/area-crawl.ts, read with the browser's session), so the forms of pages added
// later are covered once linked.
// Each kind is submitted once, at the first school that shows it, with valid-looking values; a
// change must answer 303 (a refusal re-renders with a 4xx and changes nothing), and then reloading
// the page it led to, and going back, must send no form again and add no row to the audit log,
// where every change made in the areas is written before its answer (services/audit/audit-log.ts).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Instance } from '../reliability/instance.ts';
import { ownInstanceUnavailable, startOwnInstance } from '../service/own-instance.ts';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { decodeEntities } from '../support/cookie-jar.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { signInAt, useBrowserPage } from './area-helpers.ts';
import { crawlAreaHtml } from './area-crawl.ts';
import { demoSchools, type School } from './page-language.ts';

type FoundForm = { page: string; action: string };

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
/** The code a form posts to: its action with row ids left out. */
const kindOf = (action: string) => action.replace(UUID, ':id');
/** A refusal re-renders the form; anything else a form answers is a redirect. */
const REFUSALS = [400, 404, 409];
// Forms that end what the others need (the session, the applications section) go last.
const LAST = /sessions|beta-features|sign-out|password|email/;

/** The POST forms of a page, but signing out. */
function formsOn(html: string, path: string, origin: string): FoundForm[] {
  return [...html.matchAll(/<form\b[^>]*>/g)]
    .filter((m) => /\bmethod="post"/i.test(m[0]))
    .map((m) => new URL(decodeEntities(/\baction="([^"]*)"/.exec(m[0])?.[1] ?? path), `${origin}${path}`).pathname)
    .filter((action) => action !== '/oauth/sign-out')
    .map((action) => ({ page: path, action }));
}

/** Fills the form's empty fields with values a person might enter (the page's own values are kept). */
async function fillIn(page: Page, action: string): Promise<void> {
  await page
    .locator(`form[method="post"][action="${action}"]`)
    .first()
    .evaluate((form, password) => {
      const unique = `${Date.now()}`;
      for (const field of Array.from(form.querySelectorAll<HTMLInputElement>('input, textarea'))) {
        if (field.disabled || field.readOnly || field.type === 'hidden' || field.type === 'submit') continue;
        if (field.type === 'checkbox' || field.type === 'radio') {
          const group = form.querySelectorAll(`[name="${field.name}"]`);
          if (!Array.from(group).some((g) => (g as HTMLInputElement).checked)) field.checked = true;
          continue;
        }
        if (field.value) continue;
        const name = field.name.toLowerCase();
        field.value =
          field.type === 'password'
            ? password
            : field.type === 'email' || name.includes('email')
              ? `crawler-${unique}@example.test`
              : field.type === 'date'
                ? '2026-12-01'
                : field.type === 'number'
                  ? '1'
                  : /ur[il]/.test(name)
                    ? `https://crawler-${unique}.example.test/callback`
                    : name.includes('host')
                      ? `crawler-${unique}.example.test`
                      : `Crawler ${unique}`;
      }
    }, DEMO_PASSWORD);
}

describe.skipIf(skipBrowserTests || ownInstanceUnavailable)(
  'post, then redirect: every form of /admin and /account, submitted, then reloaded (Chromium)',
  () => {
    const session = useBrowserPage();
    let instance: Instance;
    let schools: School[];
    let page: Page;
    /** The kinds of form submitted so far, at either school. */
    const submitted = new Set<string>();
    /** Posts answered with a redirect so far, at either school. */
    const redirected = { count: 0 };
    beforeAll(async () => {
      instance = await startOwnInstance();
      // Second School: PUBLIC_URL with localhost swapped for 127.0.0.1 (README).
      schools = demoSchools(instance.origin, instance.origin.replace('localhost', '127.0.0.1'));
    }, 120_000);
    afterAll(async () => {
      await instance?.stop();
    });
    beforeEach(() => {
      page = session.page;
    });

    /** The audit log's newest rows as text, newest first (the first page of 50). */
    async function auditRows(origin: string): Promise<string[]> {
      const html = await (await page.request.get(`${origin}/admin/audit-log`)).text();
      return [...html.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) => m[1]!);
    }
    /** How many audit rows are newer than `marker` (the newest row when it was read). */
    const rowsSince = (rows: string[], marker: string | undefined) =>
      marker === undefined ? rows.length : rows.indexOf(marker);

    async function runSchool(index: number) {
      const school = schools[index]!;
      const origin = school.origin;
      session.screenshot = `area-forms-reload-${school.lang}`;
      await signInAt(page, origin, '/admin', school.owner);
      const found: FoundForm[] = [];
      // The pages are read with the browser's session but not drawn: only the forms they hold are wanted here.
      const visited = await crawlAreaHtml(
        origin,
        async (url) => {
          const response = await page.request.get(url);
          return (response.headers()['content-type'] ?? '').startsWith('text/html') ? response.text() : undefined;
        },
        (path, html) => found.push(...formsOn(html, path, origin)),
      );
      // One of each kind of form: the same action on another row is the same code, and so is the
      // same action at the other school (one service serves both): each kind is submitted at the
      // first school that shows it.
      const byKind = new Map<string, FoundForm>();
      for (const form of found) {
        const kind = kindOf(form.action);
        if (!byKind.has(kind)) byKind.set(kind, form);
      }
      expect(byKind.size, `forms of the pages ${visited.join(', ')}`).toBeGreaterThan(10);
      const forms = [...byKind.entries()]
        .filter(([kind]) => !submitted.has(kind))
        .map(([, form]) => form)
        .sort((a, b) => Number(LAST.test(a.action)) - Number(LAST.test(b.action)));

      const problems: string[] = [];
      for (const form of forms) {
        const shown = await page.goto(`${origin}${form.page}`);
        if (new URL(page.url()).pathname === '/oauth/sign-in') {
          await signInAt(page, origin, form.page, school.owner); // an earlier form ended the session
        } else if (shown?.status() !== 200) continue; // what the page showed is gone (deleted, switched off)
        const locator = page.locator(`form[method="post"][action="${form.action}"]`).first();
        if (!(await locator.count())) continue;
        const submit = locator.locator('button[type="submit"]:not([disabled]), button:not([type]):not([disabled])');
        if (!(await submit.count())) continue; // only owners may press it
        submitted.add(kindOf(form.action));
        await fillIn(page, form.action);
        const marker = (await auditRows(origin))[0];
        const [answer] = await Promise.all([
          page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === form.action),
          submit.first().click(),
        ]);
        await page.waitForLoadState('load');
        const status = answer.status();
        if (REFUSALS.includes(status)) continue;
        if (status !== 303) {
          problems.push(`${form.action} (on ${form.page}) answered ${status}, not 303`);
          continue;
        }
        redirected.count += 1;
        if (new URL(page.url()).pathname === '/oauth/sign-in') continue; // it signed this person out
        const changes = rowsSince(await auditRows(origin), marker);
        const posts: string[] = [];
        const onRequest = (r: { method(): string; url(): string }) => {
          if (r.method() === 'POST') posts.push(r.url());
        };
        page.on('request', onRequest);
        await page.reload();
        await page.goBack();
        page.off('request', onRequest);
        if (posts.length) problems.push(`${form.action}: reloading or going back posted ${posts.join(', ')}`);
        const after = rowsSince(await auditRows(origin), marker);
        if (after !== changes)
          problems.push(`${form.action}: ${changes} audit rows after the post, ${after} after reloading`);
      }
      expect(redirected.count).toBeGreaterThan(8);
      expect(problems).toEqual([]);
    }

    it('at Demo Academy (English)', () => runSchool(0), 600_000);
    it('at Second School (German)', () => runSchool(1), 600_000);
  },
);
