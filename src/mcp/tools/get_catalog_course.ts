// get_catalog_course: one published course of the catalog by slug, with its curriculum outline (section and lecture
// titles, durations, preview flags). Lecture content never leaves through this tool; the
// catalog service does not even select it. A draft or hidden course is "not found".
import { z } from 'zod';
import type { ToolDefinition } from '../registry.ts';
import { ToolInputError } from '../tool-errors.ts';
import { READ_ONLY } from './common.ts';
import { courseSummary } from './search_catalog.ts';

const input = z.strictObject({
  slug: z.string().trim().min(1).max(200).describe('The course slug, as returned by search_catalog'),
});

const lecture = z.object({
  id: z.string().describe('Use as lectureId with record_lecture_progress'),
  title: z.string(),
  position: z.number().int(),
  content_type: z.string(),
  duration_seconds: z.number().int(),
  is_free_preview: z.boolean(),
});

const section = z.object({ id: z.string(), title: z.string(), position: z.number().int(), lectures: z.array(lecture) });

const output = courseSummary.extend({
  sections: z.array(section),
  lecture_count: z.number().int(),
  total_duration_seconds: z.number().int(),
});

export const getCatalogCourse: ToolDefinition<z.output<typeof input>, z.output<typeof output>> = {
  name: 'get_catalog_course',
  title: 'Get a catalog course',
  description:
    'Public details of one published course, by slug, and its curriculum outline: sections, lecture titles, durations and which lectures are free previews. Never lecture content.',
  inputSchema: input,
  outputSchema: output,
  annotations: READ_ONLY,
  audience: 'anonymous',
  requiredScopes: [],
  async handler({ slug }, { site, services }) {
    const course = await services.catalog.getCourse(site.id, slug);
    if (!course)
      throw new ToolInputError(
        'no published course with this slug at this school; use search_catalog to find one',
        'slug',
      );
    const lectures = course.sections.flatMap((s) => s.lectures);
    const result = {
      ...course,
      lecture_count: lectures.length,
      total_duration_seconds: lectures.reduce((sum, l) => sum + l.duration_seconds, 0),
    };
    const summary = `The course: ${course.sections.length} sections, ${lectures.length} lectures, ${Math.round(result.total_duration_seconds / 60)} minutes.`;
    return { structuredContent: result, summary };
  },
};
