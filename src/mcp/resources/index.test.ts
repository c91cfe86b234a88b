import { ProtocolErrorCode as ErrorCode } from '@modelcontextprotocol/server';
import { describe, expect, it, vi } from 'vitest';
import { InvalidCursor } from '../../db/pagination/cursor.ts';
import type { CatalogCourse } from '../../services/school/catalog.ts';
import type { Site } from '../../services/school/sites.ts';
import { COURSES_PER_PAGE, courseSlugOf } from './course-pages.ts';
import type { ResourceContext } from './documents.ts';
import { listResources, listResourceTemplates, readResource, RESOURCE_NOT_FOUND } from './index.ts';

const ORIGIN = 'https://school.test';

function course(slug: string, title = slug): CatalogCourse {
  return {
    id: slug,
    slug,
    title,
    subtitle: null,
    description: '<p>About it</p>',
    price: { amount: 0, currency: 'USD' },
    image_url: null,
    published_at: '2026-10-24T12:00:00.000Z',
  };
}

/** A catalog of two pages: `a`, `b` then `c`; only `a`, `b` and `c` are published. */
function contextWith(overrides: { listCourses?: (...args: never[]) => unknown } = {}) {
  const pages: Record<string, { data: CatalogCourse[]; next_cursor: string | null }> = {
    first: { data: [course('a', 'Line one\n## not a heading\u202e'), course('b')], next_cursor: 'page-2' },
    'page-2': { data: [course('c')], next_cursor: null },
  };
  const listCourses = vi.fn(
    overrides.listCourses ??
      (async (_site: string, options: { cursor?: string; limit: number }) => pages[options.cursor ?? 'first']),
  );
  const getCourse = vi.fn(async (_site: string, slug: string) =>
    ['a', 'b', 'c'].includes(slug) ? { ...course(slug), sections: [] } : undefined,
  );
  const log = { error: vi.fn() };
  const ctx = {
    site: { id: 's1', origin: ORIGIN, name: 'School', description: null, currency: 'USD', locale: 'en' } as Site,
    services: { catalog: { listCourses, getCourse } },
    log,
  } as unknown as ResourceContext;
  return { ctx, listCourses, getCourse, log };
}

async function errorOf(promise: Promise<unknown>) {
  return promise.then(
    () => undefined,
    (error: unknown) => error as { code: number; message: string; data?: unknown },
  );
}

describe('resources/list (MCP 2025-11-25 Resources, "Listing Resources" and Pagination)', () => {
  it('lists the documents, then the courses a bounded page at a time with nextCursor', async () => {
    const { ctx, listCourses } = contextWith();
    const first = await listResources(ctx, undefined);
    expect(first.resources.map((r) => r.uri)).toEqual([
      `${ORIGIN}/llms.txt`,
      `${ORIGIN}/auth.md`,
      `${ORIGIN}/pricing.md`,
      `${ORIGIN}/webhooks.md`,
      `${ORIGIN}/courses/a.md`,
      `${ORIGIN}/courses/b.md`,
    ]);
    expect(first.resources.every((r) => r.mimeType === 'text/markdown' && r.name && r.title && r.description)).toBe(
      true,
    );
    expect(first.nextCursor).toBe('page-2');
    const second = await listResources(ctx, first.nextCursor);
    expect(second.resources.map((r) => r.uri)).toEqual([`${ORIGIN}/courses/c.md`]);
    expect(second).not.toHaveProperty('nextCursor');
    for (const [, options] of listCourses.mock.calls) expect(options).toMatchObject({ limit: COURSES_PER_PAGE });
  });

  it('lists a course page under the server\'s words only: the school\'s title is read in the page, fenced (docs/agents.md "MCP": untrusted content)', async () => {
    const { resources } = await listResources(contextWith().ctx, undefined);
    expect(JSON.stringify(resources)).not.toContain('Line one');
    expect(resources[4]).toMatchObject({ title: 'Course page', name: expect.stringMatching(/^course-page-/) });
  });

  it('answers a cursor it did not issue with -32602 (MCP 2025-11-25 Pagination, "Error Handling")', async () => {
    const { ctx } = contextWith({
      listCourses: async () => {
        throw new InvalidCursor('forged');
      },
    });
    expect(await errorOf(listResources(ctx, 'forged'))).toMatchObject({ code: ErrorCode.InvalidParams });
  });

  it('answers an unexpected failure with -32603 and logs it, never its message (MCP 2025-11-25 Resources, "Error Handling")', async () => {
    const { ctx, log } = contextWith({
      listCourses: async () => {
        throw new Error('connection to 10.0.0.5 refused');
      },
    });
    const error = await errorOf(listResources(ctx, undefined));
    expect(error).toMatchObject({ code: ErrorCode.InternalError, message: 'Internal error' });
    expect(log.error).toHaveBeenCalledOnce();
  });
});

describe('resources/templates/list (MCP 2025-11-25 Resources, "Resource Templates"; RFC 6570)', () => {
  it('gives one level-1 template for course pages on this origin', async () => {
    const { resourceTemplates } = await listResourceTemplates(contextWith().ctx);
    expect(resourceTemplates).toEqual([
      expect.objectContaining({ uriTemplate: `${ORIGIN}/courses/{slug}.md`, mimeType: 'text/markdown' }),
    ]);
  });
});

describe('resources/read (MCP 2025-11-25 Resources, "Reading Resources", "Error Handling")', () => {
  it('reads a published course page and the llms.txt document as Markdown text', async () => {
    const { ctx } = contextWith();
    const page = await readResource(ctx, `${ORIGIN}/courses/b.md`);
    expect(page.contents).toEqual([
      {
        uri: `${ORIGIN}/courses/b.md`,
        mimeType: 'text/markdown',
        text: expect.stringMatching(/^# <untrusted-content>b<\/untrusted-content>\n/),
      },
    ]);
    const llms = await readResource(ctx, `${ORIGIN}/llms.txt`);
    expect(llms.contents[0]!.text).toMatch(/^# <untrusted-content>School<\/untrusted-content>\n/);
  });

  it.each([
    `${ORIGIN}/courses/draft.md`,
    `${ORIGIN}/courses/A.md`,
    `${ORIGIN}/courses/a.md?x=1`,
    `${ORIGIN}/courses/a/b.md`,
    `https://other.test/llms.txt`,
    `${ORIGIN}/llms.txt#top`,
    `${ORIGIN}/openapi.json`,
    'not a uri',
  ])('answers %s with -32602 Resource not found and the URI in data (SEP-2164)', async (uri) => {
    const error = await errorOf(readResource(contextWith().ctx, uri));
    expect(error).toMatchObject({ code: RESOURCE_NOT_FOUND, message: 'Resource not found', data: { uri } });
  });

  it('takes only slugs of the catalog rule as course pages', () => {
    expect(courseSlugOf(ORIGIN, `${ORIGIN}/courses/git-essentials.md`)).toBe('git-essentials');
    expect(courseSlugOf(ORIGIN, `${ORIGIN}/courses/${'a'.repeat(121)}.md`)).toBeUndefined();
    expect(courseSlugOf(ORIGIN, `${ORIGIN}/courses/..%2Fauth.md`)).toBeUndefined();
  });
});
