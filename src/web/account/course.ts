// A member's course (/account/courses/{id}): its lectures by section with progress and "Continue
// where you stopped" (the first lecture not completed); a lecture's page with its material and
// "Mark as completed", which records progress through the member data service, the same write as
// /account/graphql's recordLectureProgress, then returns to the course (post, then redirect).
import { AreaNotFound } from '../../services/audit/actor.ts';
import { textKey } from '../../lib/text-key.ts';
import type { AreaCall } from '../areas/area-route.ts';
import type { AccountPageDeps } from './types.ts';

export const COMPLETE_LECTURE_PURPOSE = 'account:courses:complete-lecture';

export function mountAccountCourse({ router, area, account }: AccountPageDeps): void {
  /** The lecture the path names, open to this member (an active enrollment), or the area's 404. */
  async function lectureOf({ ctx, person, params }: AreaCall) {
    const lecture = await account.lecture(ctx.site.id, person.personId, params.courseId ?? '', params.lectureId ?? '');
    if (!lecture) throw new AreaNotFound(textKey('memberArea.lecture.notFound'));
    return lecture;
  }

  router.get(
    '/courses/:courseId',
    area.page(async ({ ctx, person, params, page }) => {
      const outline = await account.courseOutline(ctx.site.id, person.personId, params.courseId ?? '');
      if (!outline) throw new AreaNotFound(textKey('memberArea.course.notFound'));
      return page('./account/course', {
        titleKey: 'memberArea.course.title',
        titleVars: { course: outline.course.title },
        current: '/account',
        ...outline,
      });
    }),
  );

  router.get(
    '/courses/:courseId/lectures/:lectureId',
    area.page(async (call) => {
      const lecture = await lectureOf(call);
      return call.page('./account/lecture', {
        titleKey: 'memberArea.lecture.title',
        titleVars: { lecture: lecture.title },
        current: '/account',
        lecture,
        csrfToken: call.csrf(COMPLETE_LECTURE_PURPOSE),
      });
    }),
  );

  router.post(
    '/courses/:courseId/lectures/:lectureId/complete',
    area.action(COMPLETE_LECTURE_PURPOSE, async (call) => {
      const lecture = await lectureOf(call);
      // Completed at its end: the position is the lecture's duration, which the rule accepts.
      await account.recordLectureProgress(call.ctx.site.id, call.person.personId, {
        lectureId: lecture.id,
        positionSeconds: lecture.durationSeconds,
        completed: true,
      });
      return { redirect: `/account/courses/${lecture.courseId}?done=lectureCompleted` };
    }),
  );
}
