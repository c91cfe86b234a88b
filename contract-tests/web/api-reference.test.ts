// /docs renders this school's OpenAPI document in a real browser: Redoc loads from this
// origin under a strict content security policy and shows the operations of /openapi.json.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { releaseBrowser, workerBrowser, saveScreenshot, skipBrowserTests } from '../support/browser.ts';

const origin = inject('primaryOrigin');

describe.skipIf(skipBrowserTests)('/docs API reference in Chromium (rendered from /openapi.json)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await workerBrowser();
  });
  afterAll(async () => {
    await releaseBrowser(browser);
  });

  it('renders the operations of /openapi.json without CSP violations', async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy|Refused/.test(message.text()))
        violations.push(message.text());
    });
    const response = await page.goto(`${origin}/docs`);
    expect(response?.status()).toBe(200);
    // Redoc renders each operation as an h2 in the main column (the menu repeats them, collapsed).
    await page
      .locator('h2', { hasText: 'List courses, drafts and archived ones included' })
      .first()
      .waitFor({ timeout: 15_000 });
    expect(await page.locator('h2', { hasText: 'Token endpoint (RFC 6749 3.2)' }).count()).toBeGreaterThan(0);
    await saveScreenshot(page, 'api-reference', { fullPage: false });
    expect(violations).toEqual([]);
    await page.close();
  });
});
