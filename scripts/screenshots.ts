// `npm run screenshots`: PNGs of the main pages of the admin area (an owner's) and of the member
// area (a student's) at both demo schools — Demo Academy in English, Second School in German — at
// desktop (1280 px) and phone (390 px) width, written to contract-tests/artifacts/pages/
// <lang>-<page>-<width>.png, the one folder of artifacts that is committed (tests write the others,
// which git ignores). On demand, not on every test run: it starts a server of its own on the
// embedded database in memory (the demo seed), signs in through the sign-in page, and prints each file.
// A page wider than the phone's screen is reported and fails the run (docs/development.md "Page languages").
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ACCOUNTS, DEMO_PASSWORD } from '../contract-tests/support/accounts.ts';
import { freePort } from '../contract-tests/reliability/instance.ts';
import { drawScreenshot, launchBrowser } from '../contract-tests/support/browser.ts';

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function waitForReady(origin: string): Promise<void> {
  for (let tries = 0; tries < 240; tries++) {
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${origin} did not get ready`);
}

/** The admin area's pages to show: the home, each list, its forms, and the first row's page of each list. */
async function adminPagesOf(page: Page, origin: string): Promise<Array<[string, string]>> {
  const pages: Array<[string, string]> = [
    ['admin-home', '/admin'],
    ['courses', '/admin/courses'],
    ['course-new', '/admin/courses/new'],
    ['webhooks', '/admin/webhooks'],
    ['analytics', '/admin/analytics'],
    ['audit-log', '/admin/audit-log'],
    ['students', '/admin/students'],
    ['student-invite', '/admin/students/invite'],
    ['members', '/admin/members'],
    ['member-invite', '/admin/members/invite'],
    ['invitations', '/admin/invitations'],
    ['orders', '/admin/orders'],
    ['order-new', '/admin/orders/new'],
  ];
  await page.goto(`${origin}/admin/courses`);
  const course = await page.locator('table a[href^="/admin/courses/"]').first().getAttribute('href');
  if (course) pages.push(['course', course]);
  for (const [name, list, table] of [
    ['student', '/admin/students', '#students'],
    ['member', '/admin/members', '#members'],
    ['order', '/admin/orders?status=paid', '#orders'],
  ] as const) {
    await page.goto(`${origin}${list}`);
    const href = await page.locator(`${table} a`).first().getAttribute('href');
    if (href) pages.push([name, href]);
    if (name === 'order' && href) pages.push(['order-refund', `${href}/refund?revoke_access=1`]);
    if (name === 'student' && href) {
      await page.goto(`${origin}${href}`);
      const revoke = await page.locator('tr.enrollment a[href$="/revoke"]').first().getAttribute('href');
      if (revoke) pages.push(['enrollment-revoke', revoke]);
    }
  }
  return pages;
}

/** The member area's pages to show: the home, the first course and the first order's receipt. */
async function accountPagesOf(page: Page, origin: string): Promise<Array<[string, string]>> {
  const pages: Array<[string, string]> = [
    ['account-home', '/account'],
    ['account-sessions', '/account/sessions'],
  ];
  await page.goto(`${origin}/account`);
  for (const [name, prefix] of [
    ['account-course', '/account/courses/'],
    ['account-receipt', '/account/orders/'],
  ] as const) {
    const href = await page.locator(`main a[href^="${prefix}"]`).first().getAttribute('href');
    if (href) pages.push([name, href]);
  }
  return pages;
}

/** Signs in through the school's sign-in page, landing on `returnTo`. */
async function signIn(page: Page, origin: string, email: string, returnTo: string): Promise<void> {
  await page.goto(`${origin}/oauth/sign-in?return_to=${encodeURIComponent(returnTo)}`);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(DEMO_PASSWORD);
  await Promise.all([
    page.waitForURL((url) => url.pathname === returnTo),
    page.locator('form[action="/oauth/sign-in"] button[type="submit"]').click(),
  ]);
}

const port = await freePort();
const schools = [
  {
    lang: 'en',
    origin: `http://localhost:${port}`,
    owner: ACCOUNTS.owner,
    student: ACCOUNTS.student,
  },
  {
    lang: 'de',
    origin: `http://127.0.0.1:${port}`,
    owner: ACCOUNTS.secondSchoolOwner,
    student: 'student1@second-school.test',
  },
];
const server = spawn(process.execPath, ['src/main.ts'], {
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: schools[0]!.origin,
    SECOND_SITE_URL: schools[1]!.origin,
    PGLITE_STORAGE: 'memory',
    DATABASE_URL: '',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'screenshots-')),
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const overflowing: string[] = [];
try {
  await waitForReady(schools[0]!.origin);
  const browser = await launchBrowser();
  try {
    for (const school of schools)
      for (const [who, email, returnTo, pagesOf] of [
        ['owner', school.owner, '/admin', adminPagesOf],
        ['student', school.student, '/account', accountPagesOf],
      ] as const) {
        const context = await browser.newContext();
        const page = await context.newPage();
        await signIn(page, school.origin, email, returnTo);
        for (const [name, href] of await pagesOf(page, school.origin)) {
          for (const size of WIDTHS) {
            await page.setViewportSize({ width: size.width, height: size.height });
            await page.goto(`${school.origin}${href}`);
            const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
            if (wide) overflowing.push(`${school.lang} ${who} ${href} at ${size.width} px`);
            console.log(await drawScreenshot(page, `pages/${school.lang}-${name}-${size.name}`));
          }
        }
        await context.close();
      }
  } finally {
    await browser.close();
  }
} finally {
  server.kill('SIGTERM');
}
if (overflowing.length) {
  console.error(`wider than the screen:\n${overflowing.join('\n')}`);
  process.exitCode = 1;
}
