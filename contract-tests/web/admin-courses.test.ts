// The admin area's course pages in Chromium at both demo schools, on the admin API's own course
// and curriculum services (OpenAPI tags Courses, Curriculum): an owner creates a course, adds a
// section and two lectures, reorders them with the "move" buttons (forms, no script), publishes,
// and the admin API reads the same course and curriculum; every form answers 303 (post, then
// redirect), so reloading the page a create led to creates nothing more. Refused values are said
// beside their field in the school's language; the list searches, filters by status and pages with
// the API's cursors; people who are not owners or admins get the 403 page. Every page is checked
// with axe-core (WCAG 2.1 A and AA) and for horizontal overflow at a phone's 390 px.
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS } from '../support/accounts.ts';
import { axeViolations } from '../support/axe.ts';
import { saveScreenshot, skipBrowserTests } from '../support/browser.ts';
import { operatorToken } from '../support/tokens.ts';
import { signInAt, useBrowserPage } from './area-helpers.ts';
import { pageHtml, postForm, csrfFor, signedIn } from './area-http.ts';

const primary = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const TEST_BUDGET_MS = 90_000;

type School = { name: string; origin: string; owner: string; lang: 'en' | 'de' };
const schools: School[] = [
  { name: 'Demo Academy', origin: primary, owner: ACCOUNTS.owner, lang: 'en' },
  ...(secondary
    ? [{ name: 'Second School', origin: secondary, owner: ACCOUNTS.secondSchoolOwner, lang: 'de' as const }]
    : []),
];

/** A name no other test run uses, so that searches find this run's courses only. */
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function api<T>(school: School, path: string): Promise<{ status: number; body: T }> {
  const token = await operatorToken(school.origin, 'courses:read curriculum:read', school.owner);
  const origin = school.origin;
  const response = await fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as T };
}

type ApiCourse = { id: string; title: string; status: string; price: { amount: number; currency: string } };
type ApiSection = {
  id: string;
  title: string;
  lectures: Array<{ title: string; position: number; content_type: string }>;
};

describe.skipIf(skipBrowserTests)("the admin area's course pages (OpenAPI tags Courses and Curriculum)", () => {
  const session = useBrowserPage();
  let page: Page;
  beforeEach(() => {
    page = session.page;
  });

  /** axe-core's findings and any horizontal overflow at 390 px of the page now shown; the viewport is restored. */
  async function pageProblems(): Promise<string[]> {
    const problems = await axeViolations(page);
    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 390) problems.push(`${new URL(page.url()).pathname}: ${width}px wide at 390px`);
    if (desktop) await page.setViewportSize(desktop);
    return problems;
  }

  const submit = (action: string) => page.locator(`form[action="${action}"] button[type="submit"]`).first().click();

  it.each(schools)(
    'an owner at $name creates a course, adds a section and two lectures, reorders them and publishes; the admin API shows the same, and reloading after the create creates nothing more',
    async (school) => {
      const problems: string[] = [];
      const title = unique(school.lang === 'de' ? 'Aquarell' : 'Watercolour');
      await signInAt(page, school.origin, '/admin/courses/new', school.owner);
      problems.push(...(await pageProblems()));
      await page.locator('#course-title').fill(title);
      await page.locator('#course-price_amount').fill(school.lang === 'de' ? '49,90' : '49.90');
      await submit('/admin/courses');
      await page.waitForURL(new RegExp(`/admin/courses/${UUID}\\?done=course-created$`));
      const id = new RegExp(`/admin/courses/(${UUID})`).exec(page.url())![1]!;
      await expect.poll(() => page.locator('p.notice[role="status"]').count()).toBe(1);
      problems.push(...(await pageProblems()));

      // The page a create led to, loaded again: a GET, which creates nothing.
      await page.reload();
      const found = await api<{ data: ApiCourse[] }>(school, `/api/v1/courses?q=${encodeURIComponent(title)}`);
      expect(found.body.data.map((c) => c.id)).toEqual([id]);
      expect(found.body.data[0]).toMatchObject({ title, status: 'draft', price: { amount: 4990 } });

      // A section, then two lectures in it.
      await page.locator('#section-title').fill('Getting started');
      await submit(`/admin/courses/${id}/sections`);
      await page.waitForURL(new RegExp(`done=section-created$`));
      const addLecture = page.locator(`a[href$="/lectures/new"]`);
      for (const [lecture, type, content] of [
        ['Materials and brushes', 'video', 'https://media.example.test/brushes.mp4'],
        ['First wash', 'text', '<p>Wet the paper first.</p>'],
      ] as const) {
        await addLecture.click();
        await page.waitForURL(/\/lectures\/new$/);
        if (lecture === 'Materials and brushes') problems.push(...(await pageProblems()));
        await page.locator('#lecture-title').fill(lecture);
        await page.locator('#lecture-content_type').selectOption(type);
        await page.locator('#lecture-content').fill(content);
        await page.locator('#lecture-status').selectOption('published');
        await page.locator('form[action$="/lectures"] button[type="submit"]').click();
        await page.waitForURL(new RegExp(`/admin/courses/${id}\\?done=lecture-created$`));
      }

      // "Move down" on the first lecture: a form post; the order is now the other way round.
      const first = page.locator('li.lecture-row').filter({ hasText: 'Materials and brushes' });
      await first.locator('input[name="direction"][value="down"]').locator('xpath=..').locator('button').click();
      await page.waitForURL(new RegExp(`done=lecture-moved$`));
      expect(await page.locator('li.lecture-row a.lecture-title').allTextContents()).toEqual([
        'First wash',
        'Materials and brushes',
      ]);
      problems.push(...(await pageProblems()));

      // The pages of the curriculum's other actions: edit and delete confirmations.
      const sectionId = new RegExp(`/sections/(${UUID})/lectures/new`).exec(await page.content())![1]!;
      for (const path of [
        `/admin/courses/${id}/sections/${sectionId}`,
        `/admin/courses/${id}/sections/${sectionId}/delete`,
        await first.locator('a.lecture-title').getAttribute('href'),
        `${await first.locator('a.lecture-title').getAttribute('href')}/delete`,
        `/admin/courses/${id}/archive`,
        '/admin/courses',
        '/admin',
      ]) {
        await page.goto(`${school.origin}${path}`);
        problems.push(...(await pageProblems()));
      }

      await page.goto(`${school.origin}/admin/courses/${id}`);
      await submit(`/admin/courses/${id}/publish`);
      await page.waitForURL(new RegExp(`done=course-published$`));
      expect(problems).toEqual([]);
      // The main pages for people to look at (contract-tests/artifacts/, not tracked): desktop and phone.
      for (const [name, path] of [
        ['home', '/admin'],
        ['list', '/admin/courses'],
        ['new', '/admin/courses/new'],
        ['course', `/admin/courses/${id}`],
      ] as const) {
        await page.goto(`${school.origin}${path}`);
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: 800 });
          await saveScreenshot(page, `admin-courses-${school.lang}-${name}-${width}`);
        }
      }

      // The admin API reads what the pages made.
      const course = await api<ApiCourse>(school, `/api/v1/courses/${id}`);
      expect(course.body).toMatchObject({ id, title, status: 'published' });
      const curriculum = await api<{ data: ApiSection[] }>(school, `/api/v1/courses/${id}/sections`);
      expect(curriculum.body.data.map((s) => s.title)).toEqual(['Getting started']);
      expect(curriculum.body.data[0]!.lectures.map((l) => [l.position, l.title, l.content_type])).toEqual([
        [1, 'First wash', 'text'],
        [2, 'Materials and brushes', 'video'],
      ]);
    },
    TEST_BUDGET_MS,
  );

  it.each(schools)(
    'at $name a refused course form says each problem beside its field in the school language, and creates nothing',
    async (school) => {
      const owner = await signedIn(school.origin, school.owner);
      const csrf = csrfFor(await pageHtml(owner, `${school.origin}/admin/courses/new`), '/admin/courses');
      const slug = unique('taken').toLowerCase().replaceAll(' ', '-');
      const response = await postForm(owner, `${school.origin}/admin/courses`, [
        ['csrf_token', csrf],
        ['title', ''],
        ['slug', 'Not A Slug'],
        ['price_amount', '12.345'],
        ['price_currency', 'EUR'],
        ['visibility', 'public'],
        ['image_url', 'javascript:alert(1)'],
        ['access_days', '0'],
      ]);
      expect(response.status).toBe(400);
      const html = await response.text();
      const said = Object.fromEntries(
        [...html.matchAll(/<p class="error" id="course-([a-z_]+)-error">([^<]+)<\/p>/g)].map((m) => [m[1], m[2]]),
      );
      expect(Object.keys(said).sort()).toEqual(['access_days', 'image_url', 'price_amount', 'slug', 'title']);
      // Each field points at its words (WCAG 3.3.1): aria-invalid and aria-describedby.
      expect(html).toMatch(/id="course-slug"[^>]*aria-invalid="true" aria-describedby="course-slug-error"/);
      if (school.lang === 'de') {
        expect(said.title).toBe('Bitte füllen Sie dieses Feld aus.');
        expect(said.access_days).toBe('Geben Sie mindestens 1 ein.');
      } else {
        expect(said.title).toBe('Fill in this field.');
        expect(said.access_days).toBe('Enter at least 1.');
      }
      // No API wording on the page (the problem details' "must match pattern …").
      expect(html).not.toMatch(/must match|must be >=|must NOT/);

      // A slug another course holds: the service's 409, said beside the slug.
      const ok = await postForm(owner, `${school.origin}/admin/courses`, [
        ['csrf_token', csrf],
        ['title', unique('Slug holder')],
        ['slug', slug],
        ['visibility', 'public'],
      ]);
      expect(ok.status).toBe(303);
      const taken = await postForm(owner, `${school.origin}/admin/courses`, [
        ['csrf_token', csrf],
        ['title', unique('Second try')],
        ['slug', slug],
        ['visibility', 'public'],
      ]);
      expect(taken.status).toBe(400);
      expect(await taken.text()).toMatch(/id="course-slug-error">[^<]+</);
      const bySlug = await api<{ data: ApiCourse[] }>(school, `/api/v1/courses?q=${slug}`);
      expect(bySlug.body.data).toHaveLength(1);
    },
  );

  it.each(schools)(
    'the course list at $name searches, filters by status and pages with the API cursors',
    async (school) => {
      const owner = await signedIn(school.origin, school.owner);
      const prefix = unique('Paging');
      const csrf = csrfFor(await pageHtml(owner, `${school.origin}/admin/courses/new`), '/admin/courses');
      const ids: string[] = [];
      for (const n of [1, 2, 3]) {
        const created = await postForm(owner, `${school.origin}/admin/courses`, [
          ['csrf_token', csrf],
          // The school's text, markup included, is shown as text (escaped), never as HTML.
          ['title', `${prefix} ${n} <img src=x onerror=alert(1)>`],
          ['visibility', 'public'],
        ]);
        expect(created.status).toBe(303);
        ids.push(new RegExp(`/admin/courses/(${UUID})`).exec(created.headers.get('location')!)![1]!);
      }
      const coursePage = await pageHtml(owner, `${school.origin}/admin/courses/${ids[0]}`);
      const publish = csrfFor(coursePage, `/admin/courses/${ids[0]}/publish`);
      expect(
        (await postForm(owner, `${school.origin}/admin/courses/${ids[0]}/publish`, [['csrf_token', publish]])).status,
      ).toBe(303);

      const listed = (html: string) =>
        [...html.matchAll(new RegExp(`<a href="/admin/courses/(${UUID})">`, 'g'))].map((m) => m[1]!);
      const q = encodeURIComponent(prefix);
      const first = await pageHtml(owner, `${school.origin}/admin/courses?q=${q}&limit=2`);
      expect(listed(first)).toEqual([ids[2], ids[1]]);
      expect(first).toContain(`${prefix} 3 &lt;img src=x onerror=alert(1)&gt;`);
      expect(first).not.toContain('<img src=x');
      const next = /<a href="([^"]+)" rel="next">/.exec(first)![1]!.replaceAll('&amp;', '&');
      expect(next).toContain('cursor=');
      const second = await pageHtml(owner, `${school.origin}${next}`);
      expect(listed(second)).toEqual([ids[0]]);
      expect(second).not.toContain('rel="next"');

      const published = await pageHtml(owner, `${school.origin}/admin/courses?q=${q}&status=published`);
      expect(listed(published)).toEqual([ids[0]]);
      const drafts = await pageHtml(owner, `${school.origin}/admin/courses?q=${q}&status=draft`);
      expect(listed(drafts)).toEqual([ids[2], ids[1]]);
      // A cursor that does not decode starts again from the first page (the API answers it with 400).
      expect(listed(await pageHtml(owner, `${school.origin}/admin/courses?q=${q}&cursor=forged`))).toHaveLength(3);
    },
  );

  it.each(schools)(
    'at $name a section and a lecture are edited and deleted after their confirmation pages; a section that still holds lectures is not deleted',
    async (school) => {
      const owner = await signedIn(school.origin, school.owner);
      const post = async (page: string, action: string, fields: Array<[string, string]> = []) =>
        postForm(owner, `${school.origin}${action}`, [
          ['csrf_token', csrfFor(await pageHtml(owner, `${school.origin}${page}`), action)],
          ...fields,
        ]);
      const created = await post('/admin/courses/new', '/admin/courses', [
        ['title', unique('Edits')],
        ['visibility', 'public'],
      ]);
      const id = new RegExp(`/admin/courses/(${UUID})`).exec(created.headers.get('location')!)![1]!;
      const course = `/admin/courses/${id}`;
      expect((await post(course, `${course}/sections`, [['title', 'Draft section']])).status).toBe(303);
      const sectionId = new RegExp(`/sections/(${UUID})/lectures/new`).exec(
        await pageHtml(owner, `${school.origin}${course}`),
      )![1]!;
      const section = `${course}/sections/${sectionId}`;
      const lectureForm: Array<[string, string]> = [
        ['title', 'Only lecture'],
        ['content_type', 'external_link'],
        ['content', 'https://example.test/reading'],
        ['status', 'draft'],
      ];
      expect((await post(`${section}/lectures/new`, `${section}/lectures`, lectureForm)).status).toBe(303);
      const lecture = new RegExp(`href="(${course}/lectures/${UUID})"`).exec(
        await pageHtml(owner, `${school.origin}${course}`),
      )![1]!;

      // Edits: the section's title, the lecture's title and its status.
      const renamed = await post(section, section, [['title', 'Renamed section']]);
      expect(renamed.headers.get('location')).toBe(`${course}?done=section-updated`);
      expect(
        (
          await post(lecture, lecture, [
            ['title', 'Renamed lecture'],
            ...lectureForm.slice(1, 3),
            ['status', 'published'],
          ])
        ).status,
      ).toBe(303);
      const api1 = await api<{ data: ApiSection[] }>(school, `/api/v1/courses/${id}/sections`);
      expect(api1.body.data.map((s) => [s.title, s.lectures.map((l) => l.title)])).toEqual([
        ['Renamed section', ['Renamed lecture']],
      ]);

      // The section holds a lecture: its confirmation page offers no delete, and a post (with the
      // token of an empty section's page) is refused as deleteSection refuses it (409), nothing deleted.
      const confirm = await pageHtml(owner, `${school.origin}${section}/delete`);
      expect(confirm).not.toContain(`action="${section}/delete"`);
      expect((await post(course, `${course}/sections`, [['title', 'Empty section']])).status).toBe(303);
      const empty = `${course}/sections/${
        [
          ...(await pageHtml(owner, `${school.origin}${course}`)).matchAll(
            new RegExp(`/sections/(${UUID})/lectures/new`, 'g'),
          ),
        ].at(-1)![1]
      }`;
      const csrf = csrfFor(await pageHtml(owner, `${school.origin}${empty}/delete`), `${empty}/delete`);
      expect((await postForm(owner, `${school.origin}${section}/delete`, [['csrf_token', csrf]])).status).toBe(409);
      expect((await postForm(owner, `${school.origin}${empty}/delete`, [['csrf_token', csrf]])).status).toBe(303);

      // The lecture, then the empty section, each from its confirmation page.
      expect((await post(`${lecture}/delete`, `${lecture}/delete`)).headers.get('location')).toBe(
        `${course}?done=lecture-deleted`,
      );
      expect((await post(`${section}/delete`, `${section}/delete`)).headers.get('location')).toBe(
        `${course}?done=section-deleted`,
      );
      const api2 = await api<{ data: ApiSection[] }>(school, `/api/v1/courses/${id}/sections`);
      expect(api2.body.data).toEqual([]);
    },
  );

  it('a lecturer and a student get the 403 page on every course page and form, and nothing changes', async () => {
    const owner = await signedIn(primary, ACCOUNTS.owner);
    const csrf = csrfFor(await pageHtml(owner, `${primary}/admin/courses/new`), '/admin/courses');
    const created = await postForm(owner, `${primary}/admin/courses`, [
      ['csrf_token', csrf],
      ['title', unique('Owners only')],
      ['visibility', 'public'],
    ]);
    const id = new RegExp(`/admin/courses/(${UUID})`).exec(created.headers.get('location')!)![1]!;
    for (const email of [ACCOUNTS.lecturer, ACCOUNTS.student]) {
      const jar = await signedIn(primary, email);
      for (const path of [
        '/admin/courses',
        '/admin/courses/new',
        `/admin/courses/${id}`,
        `/admin/courses/${id}/archive`,
      ]) {
        const response = await fetch(`${primary}${path}`, { headers: { cookie: jar.header(`${primary}${path}`) } });
        expect(response.status, `${email} ${path}`).toBe(403);
      }
      const post = await postForm(jar, `${primary}/admin/courses/${id}/publish`, [['csrf_token', 'x']]);
      expect(post.status).toBe(403);
    }
    const course = await api<ApiCourse>(schools[0]!, `/api/v1/courses/${id}`);
    expect(course.body.status).toBe('draft');
  });
});
