// my_enrolled_courses: the token's member's own enrollments at this school, with progress and
// the last watched lecture (SDL Viewer.enrolledCourses). Needs a member token with
// account:read; never anyone else's data, since the person comes from the token alone.
import { z } from 'zod';
import type { ToolDefinition } from '../registry.ts';
import { READ_ONLY } from './common.ts';
import { connectionOf, enrolledCourse, pageArgs, pageSummary, personOf } from './member-shapes.ts';

const output = connectionOf(enrolledCourse);

export const myEnrolledCourses: ToolDefinition<z.output<typeof pageArgs>, z.output<typeof output>> = {
  name: 'my_enrolled_courses',
  title: 'My enrolled courses',
  description: 'Courses you are enrolled in at this school, most recent first: access end, progress and the lecture to resume. Paginated with first/after.',
  inputSchema: pageArgs,
  outputSchema: output,
  annotations: READ_ONLY,
  audience: 'member',
  requiredScopes: ['account:read'],
  async handler({ first, after }, ctx) {
    const { site, services } = ctx;
    const page = await services.account.enrolledCourses(site.id, personOf(ctx), { first, after });
    return { structuredContent: page, summary: pageSummary(page.nodes.length, page.totalCount, 'enrolled courses', page.pageInfo.endCursor, page.pageInfo.hasNextPage) };
  },
};
