// record_lecture_progress: where the member is in a lecture of a course they are actively
// enrolled in; sets the course's lastWatchedLecture. A write (account:write on top of
// account:read); idempotent, since the same arguments leave the same state.
import { z } from 'zod';
import type { ToolDefinition } from '../registry.ts';
import { enrolledCourse, personOf } from './member-shapes.ts';

const input = z.strictObject({
  lectureId: z
    .string()
    .min(1)
    .max(100)
    .describe('A lecture id from get_catalog_course of a course you are enrolled in'),
  positionSeconds: z
    .number()
    .int()
    .min(0)
    .max(86_400)
    .describe("Seconds into the lecture, at most the lecture's duration"),
  completed: z
    .boolean()
    .default(false)
    .describe('Mark the lecture completed; false never un-marks a completed lecture'),
});

const output = z.object({ enrolledCourse });

export const recordLectureProgress: ToolDefinition<z.output<typeof input>, z.output<typeof output>> = {
  name: 'record_lecture_progress',
  title: 'Record lecture progress',
  description:
    'Save your position in a lecture (and optionally mark it completed) for a course you are enrolled in. Returns the course with its updated progress.',
  inputSchema: input,
  outputSchema: output,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  audience: 'member',
  requiredScopes: ['account:read', 'account:write'],
  async handler(args, ctx) {
    const course = await ctx.services.account.recordLectureProgress(ctx.site.id, personOf(ctx), args);
    return {
      structuredContent: { enrolledCourse: course },
      summary: `Progress saved: ${course.progress.percentComplete}% of the course completed.`,
    };
  },
};
