// One deployment, many schools: each origin sees its own school's data only (README "Set up").
import { describe, expect, inject, it } from 'vitest';

const primary = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');

type Page = { data: Array<{ id: string; slug: string; price: { currency: string } }>; next_cursor: string | null };

async function allCourses(origin: string): Promise<Page['data']> {
  const out: Page['data'] = [];
  let cursor: string | null = null;
  do {
    const response: Response = await fetch(
      `${origin}/api/v1/catalog/courses?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(response.status).toBe(200);
    const page = (await response.json()) as Page;
    out.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return out;
}

describe.skipIf(!secondary)('school isolation by origin', () => {
  it("the second school's origin lists only its own published courses", async () => {
    const first = await allCourses(primary);
    const second = await allCourses(secondary);
    expect(first.length).toBeGreaterThanOrEqual(3);
    expect(second.length).toBeGreaterThanOrEqual(3);
    const firstIds = new Set(first.map((c) => c.id));
    expect(second.some((c) => firstIds.has(c.id))).toBe(false);
  });

  it("a course of one school is a 404 at the other's origin", async () => {
    const [course] = await allCourses(primary);
    expect((await fetch(`${primary}/api/v1/catalog/courses/${course!.slug}`)).status).toBe(200);
    const elsewhere = await fetch(`${secondary}/api/v1/catalog/courses/${course!.slug}`);
    // Slugs may coincide across schools; then the other school's own course answers, never this one.
    if (elsewhere.status === 200) expect((await elsewhere.json()).id).not.toBe(course!.id);
    else expect(elsewhere.status).toBe(404);
  });

  it('cursor pagination walks every page without repeats', async () => {
    const courses = await allCourses(primary);
    expect(new Set(courses.map((c) => c.id)).size).toBe(courses.length);
  });
});

describe('public catalog never shows drafts', () => {
  it('the course outline lists titles and durations but no lecture content', async () => {
    // Other suites publish courses of their own, some without sections: a seeded course with lectures is read.
    const list = (await (await fetch(`${primary}/api/v1/catalog/courses?limit=100`)).json()) as Page;
    const details = await Promise.all(
      list.data.map(async ({ slug }) => (await fetch(`${primary}/api/v1/catalog/courses/${slug}`)).json()),
    );
    const outlined = details.filter((detail) => detail.sections.length > 0);
    expect(outlined.length).toBeGreaterThan(0);
    for (const detail of outlined) expect(JSON.stringify(detail)).not.toContain('"content"');
  });
});
