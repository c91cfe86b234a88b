// docs/development.md "Page languages": what a page shows in a language other than its school's, read
// from the DOM Chromium rendered after the page's scripts ran: the text (parts marked with another
// lang left out), labels and placeholders, and the words scripts draw on a canvas (Chart.js
// legends and axis labels, read from the chart the page made). A catalogue key shown raw is a
// missing translation; at the German school, English interface words and ISO dates drawn by a
// script are problems too.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { ACCOUNTS } from '../support/accounts.ts';

// A catalogue key shown as text: dotted camelCase words under one of the catalogue's top keys, not
// part of a host name or an address that school data shows (`someone@new-account.test`).
// Every top-level section of the catalogue, so that a page group's new section is covered at once.
const catalogue = JSON.parse(readFileSync(new URL('../../src/web/locales/en.json', import.meta.url), 'utf8')) as object;
export const RAW_KEY = new RegExp(
  `(?<![\\w@.-])(?:${Object.keys(catalogue).join('|')})\\.[a-z][A-Za-z_]*(?:\\.[A-Za-z_:]+)*\\b`,
);
// English interface words that must not appear on a German page (sample of every area's chrome).
export const ENGLISH_UI = [
  'Curriculum',
  'New course',
  'Add section',
  'students with access',
  'Switch account',
  'Withheld by your role',
  'cannot use your account',
  'Continue where you stopped',
  'Mark as completed',
  'Receipt for order',
  'Payment method',
  'Cancel registration',
  'Courses you teach',
  'Students',
  'Orders',
  'Invitations',
  'Record an order',
  'Sign in',
  'Sign out',
  'Password',
  'Signed in as',
  'You are signed in',
  'Allow access',
  'It will be able to',
  'Allow',
  'Deny',
  'Something went wrong',
  'You can close this window',
  'Error code',
  'Your account',
  'Connected applications',
  'Your courses',
  'Your orders',
  'Your event registrations',
  'Settings',
  'Beta features',
  'Connected apps',
  'Sign-in keys',
  'Analytics',
  'Audit log',
  'Last used',
  'Created',
  'Revoke',
  'Skip to content',
  'No access',
  'Not found',
  'There is no page',
  'Join ',
  'This invitation',
  'Read access',
  'Write access',
  'lectures completed',
  'Enrolled on',
  'Show',
  'Menu',
  'ID token signing keys',
  'Net revenue',
  'Completion rate',
  'Active',
  'Expired',
  'January',
  'February',
  'March',
  'May',
  'June',
  'July',
  'October',
  'December',
];

export type School = {
  name: string;
  origin: string;
  lang: 'en' | 'de';
  owner: string;
  admin: string;
  lecturer: string;
};
export function demoSchools(primary: string, secondary: string | undefined): School[] {
  return [
    {
      name: 'Demo Academy',
      origin: primary,
      lang: 'en',
      owner: ACCOUNTS.owner,
      admin: ACCOUNTS.admin,
      lecturer: ACCOUNTS.lecturer,
    },
    ...(secondary
      ? [
          {
            name: 'Second School',
            origin: secondary,
            lang: 'de' as const,
            owner: ACCOUNTS.secondSchoolOwner,
            admin: 'admin@second-school.test',
            lecturer: 'lecturer@second-school.test',
          },
        ]
      : []),
  ];
}

/** The page's language, its text without parts marked as another language, and the problems found. */
export async function problemsOf(page: Page, school: School): Promise<string[]> {
  const { lang, text, title, drawn } = await page.evaluate(() => {
    const root = document.documentElement;
    const copy = document.body.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('[lang]').forEach((el) => {
      if (el.getAttribute('lang') !== root.lang) el.remove();
    });
    const labels = Array.from(document.querySelectorAll('[aria-label],[placeholder]')).map(
      (el) => `${el.getAttribute('aria-label') ?? ''} ${el.getAttribute('placeholder') ?? ''}`,
    );
    // Words a script drew on a canvas are in no DOM text: read them from the chart it made.
    type DrawnChart = { data: { labels?: Array<string | number>; datasets: Array<{ label?: string }> } };
    const charts = (window as unknown as { Chart?: { getChart(c: HTMLCanvasElement): DrawnChart | undefined } }).Chart;
    const drawn = Array.from(document.querySelectorAll('canvas')).flatMap((canvas) => {
      const chart = charts?.getChart(canvas);
      return chart
        ? [...chart.data.datasets.map((d) => String(d.label ?? '')), ...(chart.data.labels ?? []).map(String)]
        : [];
    });
    return {
      lang: root.lang,
      text: `${copy.innerText}\n${labels.join('\n')}\n${drawn.join('\n')}`,
      title: document.title,
      drawn,
    };
  });
  const where = new URL(page.url()).pathname;
  const problems: string[] = [];
  if (lang !== school.lang) problems.push(`${where}: <html lang="${lang}">, expected ${school.lang}`);
  const raw = RAW_KEY.exec(`${title}\n${text}`);
  if (raw) problems.push(`${where}: raw catalogue key "${raw[0]}"`);
  // Dates a script draws are written as the page's language writes them, never as ISO 8601.
  for (const word of drawn) if (/\b\d{4}-\d{2}-\d{2}\b/.test(word)) problems.push(`${where}: ISO date "${word}" drawn`);
  if (school.lang === 'de') {
    for (const words of ENGLISH_UI)
      if (new RegExp(`\\b${words}\\b`).test(`${title}\n${text}`)) problems.push(`${where}: English "${words}"`);
  }
  return problems;
}
