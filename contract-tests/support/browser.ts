// Launches a real Chromium for the web contract tests (contract-tests/web/), through
// playwright-core driving the distribution's browser (Debian: `apt-get install chromium`).
// Without a browser the tests are skipped with a message, except in CI, where they must fail.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The machine running the suite may have no internet: without the background-networking flags
// Chromium keeps trying to reach Google's services and fills the log with failed connections.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export const ARTIFACTS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

const browserPresent = existsSync(CHROMIUM_PATH);

/** True when the browser tests should be skipped: no browser here, and not in CI. */
export const skipBrowserTests = !browserPresent && !process.env.CI;

if (skipBrowserTests) {
  console.warn(
    `[browser] skipping browser tests: no Chromium at ${CHROMIUM_PATH} (install it with \`apt-get install chromium\` or set CHROMIUM_PATH)`,
  );
}

let shared: Promise<Browser> | undefined;

/**
 * The Chromium of this test worker: launched at first use and kept for the files the worker runs
 * after it (vitest.config.ts runs file after file in one process), as a launch costs about a
 * CPU-second. Nothing carries over between tests: each opens a browser context of its own (a fresh
 * profile), and `releaseBrowser` closes what a file left open.
 */
export function workerBrowser(): Promise<Browser> {
  shared ??= launchBrowser().then(
    (browser) => {
      browser.once('disconnected', () => (shared = undefined));
      return browser;
    },
    (error: unknown) => {
      shared = undefined;
      throw error;
    },
  );
  return shared;
}

/** A file is done with the worker's browser: every context it left open (its cookies, its pages) is closed. */
export async function releaseBrowser(browser: Browser | undefined): Promise<void> {
  await Promise.all((browser?.contexts() ?? []).map((context) => context.close()));
}

/** A Chromium of the caller's own, closed by the caller (scripts/screenshots.ts); tests use workerBrowser. */
export async function launchBrowser(): Promise<Browser> {
  if (!browserPresent) {
    // Only reached in CI (elsewhere the suite is skipped): a missing browser is a failure there.
    throw new Error(
      `no Chromium at ${CHROMIUM_PATH}: CI must install it (apt-get install chromium) or set CHROMIUM_PATH`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, timeout: 15_000 });
}

/**
 * A test's screenshot: drawScreenshot's, but none with CI set. Pictures are for people to look at,
 * and nobody looks at CI's (its clean clone is thrown away); the tests' assertions never read them.
 */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!process.env.CI) await drawScreenshot(page, name, options);
}

/**
 * Saves a screenshot as contract-tests/artifacts/<name>.png and returns its path: the full page
 * by default, the viewport for very long pages (the API reference) with `fullPage: false`.
 */
export async function drawScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path, fullPage: options.fullPage ?? true, timeout: 10_000 });
  return path;
}
