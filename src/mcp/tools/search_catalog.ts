// search_catalog: the published, public courses of this school's catalog, optionally matching a
// query (title, subtitle, description). Same rows as GET /api/v1/catalog/courses; drafts never appear.
import { z } from 'zod';
import type { ToolDefinition } from '../registry.ts';
import { counted, cursorArg, limitArg, money, nextCursor, pageNote, READ_ONLY, passOnNote } from './common.ts';

const input = z.strictObject({
  query: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe('Words to look for in title, subtitle and description; omit to list every course'),
  limit: limitArg,
  cursor: cursorArg,
});

export const courseSummary = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  description: z
    .string()
    .nullable()
    .describe(
      'Sanitised HTML written by the school (no script, style or event handlers; http(s), mailto or relative URLs)',
    ),
  price: money,
  image_url: z.string().nullable(),
  published_at: z.string().nullable(),
});

const output = z.object({ data: z.array(courseSummary), next_cursor: nextCursor });

export const searchCatalog: ToolDefinition<z.output<typeof input>, z.output<typeof output>> = {
  name: 'search_catalog',
  title: 'Search the course catalog',
  description:
    "Search the published course catalog of this school: public course details (no lecture content), newest first, paged with cursor. get_catalog_course gives one course's outline by slug.",
  inputSchema: input,
  outputSchema: output,
  annotations: READ_ONLY,
  audience: 'anonymous',
  requiredScopes: [],
  async handler(args, { site, services }) {
    const page = await services.catalog.listCourses(site.id, {
      limit: args.limit,
      cursor: args.cursor,
      search: args.query,
    });
    const result = { data: page.data, next_cursor: page.next_cursor };
    return {
      structuredContent: result,
      summary: `Found ${counted(page.data.length, 'course')}.${passOnNote(page.data, 'slug', 'get_catalog_course')} ${pageNote(page.next_cursor, 'search_catalog')}`,
    };
  },
};
