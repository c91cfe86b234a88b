// /courses/{slug}.md: a published course's public page in Markdown (llmstxt.org: a clean Markdown
// page beside llms.txt), drawn from the same catalog detail as GET /api/v1/catalog/courses/{slug}.
import { describe, expect, inject, it } from 'vitest';
import { DEMO_DRAFTS } from '../mcp/mcp-client.ts';

const origin = inject('primaryOrigin');

type Detail = {
  title: string;
  sections: { title: string; lectures: { title: string; is_free_preview: boolean }[] }[];
};

describe('/courses/{slug}.md (OpenAPI getCourseDocument)', () => {
  it('shows the catalog detail of a published course: title, every section and lecture with its preview flag', async () => {
    const response = await fetch(`${origin}/courses/git-essentials.md`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const page = await response.text();
    const detail = (await (await fetch(`${origin}/api/v1/catalog/courses/git-essentials`)).json()) as Detail;
    expect(page.startsWith(`# ${detail.title}\n`)).toBe(true);
    for (const section of detail.sections) {
      expect(page).toContain(`. ${section.title}\n`);
      for (const lecture of section.lectures)
        expect(page).toMatch(
          new RegExp(`\\| ${lecture.title} \\|[^\\n]*\\| ${lecture.is_free_preview ? 'yes' : 'no'} \\|`),
        );
    }
  });

  it('is 404 for a draft course and 400 for a slug the catalog rule refuses (RFC 9457 problems)', async () => {
    for (const draft of DEMO_DRAFTS.courses) expect((await fetch(`${origin}/courses/${draft}.md`)).status).toBe(404);
    const bad = await fetch(`${origin}/courses/Not_A_Slug.md`);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('is linked from /llms.txt for every course it lists (llmstxt.org)', async () => {
    const llms = await (await fetch(`${origin}/llms.txt`)).text();
    expect(llms).toContain(`(${origin}/courses/git-essentials.md)`);
  });
});
