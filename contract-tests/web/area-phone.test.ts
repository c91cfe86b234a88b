// Every page of the admin and account areas on a phone, in Chromium, at both demo schools: found by
// following the areas' links (web/area-crawl.ts, so pages added later are covered once linked),
// each page at 390 px wide must not scroll sideways (document.documentElement.scrollWidth <= 390),
// must be clean under axe-core (WCAG 2.1 A and AA) and must speak one language, the words its
// scripts draw included (docs/development.md "Page languages"). The menu is a disclosure that starts
// closed and opens without script; a table wider than the screen says so and scrolls by keyboard.
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { axeViolations } from '../support/axe.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { signInAt, useBrowserPage } from './area-helpers.ts';
import { crawlArea } from './area-crawl.ts';
import { demoSchools, problemsOf } from './page-language.ts';

const PHONE = { width: 390, height: 844 };
/** A long receiver address, as schools write them: its endpoint's page must still fit a phone. */
const LONG_URL =
  'https://a-rather-long-receiver-host-name.example.test/webhooks/course-school/receive?source=admin-area';

/** "New endpoint" filled in as a person does, so that the crawl reaches an endpoint's page. */
async function addEndpoint(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/admin/webhooks/new`);
  await page.locator('input[name="url"]').fill(LONG_URL);
  await page.locator('input[name="event_type"]').first().check();
  await page.locator('form[action="/admin/webhooks"] button[type="submit"]').click();
  await page.waitForURL((url) => url.searchParams.has('shown'));
}
const schools = demoSchools(inject('primaryOrigin'), inject('secondaryOrigin'));

describe.skipIf(skipBrowserTests)('the admin and account areas on a phone (390 px, Chromium)', () => {
  const session = useBrowserPage();
  let page: Page;
  beforeEach(async () => {
    page = session.page;
    await page.setViewportSize(PHONE);
  });

  it.each(schools)(
    'at $name every page reached by links fits 390 px without sideways scrolling, is axe-core clean and speaks one language, script-drawn words included',
    async (school) => {
      session.screenshot = `area-phone-${school.lang}`;
      await signInAt(page, school.origin, '/admin', school.owner);
      await addEndpoint(page, school.origin);
      const problems: string[] = [];
      const visited = await crawlArea(page, school.origin, async (path) => {
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > PHONE.width) problems.push(`${path}: ${width} px wide at ${PHONE.width} px`);
        problems.push(...(await axeViolations(page)), ...(await problemsOf(page, school)));
      });
      // The menus' pages and the pages they lead to (an application, its confirmations, …).
      expect(visited.length).toBeGreaterThan(12);
      expect(visited).toEqual(expect.arrayContaining(['/admin/settings', '/admin/analytics', '/account/profile']));
      expect(visited.some((path) => /^\/admin\/webhooks\/[0-9a-f-]{36}$/.test(path))).toBe(true);
      expect(problems).toEqual([]);
    },
    600_000,
  );

  it.each(schools)(
    'at $name the menu is a closed disclosure on a phone that opens without script, and the analytics tables that scroll say so and take keyboard focus',
    async (school) => {
      session.screenshot = `area-phone-menu-${school.lang}`;
      const context = await session.browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
      try {
        const noScript = await context.newPage();
        await signInAt(noScript, school.origin, '/admin/analytics', school.owner);
        const menu = noScript.locator('details.menu-phone');
        const links = menu.getByRole('link');
        expect(await links.first().isVisible()).toBe(false);
        // Closed, the menu takes one line, not the first screen.
        expect((await menu.boundingBox())!.height).toBeLessThan(80);
        await menu.locator('summary').click();
        expect(await links.count()).toBeGreaterThan(6);
        expect(await links.first().isVisible()).toBe(true);

        const regions = noScript.locator('.table-wrap[role="region"][tabindex="0"]');
        expect(await regions.count()).toBeGreaterThanOrEqual(2);
        for (const region of await regions.all()) {
          const hint = noScript.locator(`#${await region.getAttribute('aria-describedby')}`);
          expect(await hint.isVisible()).toBe(true);
          expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
        }
      } finally {
        await context.close();
      }
    },
    120_000,
  );
});
