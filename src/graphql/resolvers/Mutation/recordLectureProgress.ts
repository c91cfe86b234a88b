// Mutation.recordLectureProgress: needs `account:write` (FORBIDDEN otherwise, SDL Mutation). The
// service checks the lecture belongs to an active enrollment of the token's person and that the
// position lies within the lecture; its AccountInputError becomes BAD_USER_INPUT (errors.ts).
import type { MutationResolvers } from '../../../../generated/graphql/types.ts';
import { requireScope } from '../../errors.ts';

export const recordLectureProgress: NonNullable<MutationResolvers['recordLectureProgress']> = async (
  _root,
  { input },
  context,
) => {
  requireScope(context, 'account:write');
  const enrolledCourse = await context.services.account.recordLectureProgress(context.site.id, context.personId, {
    lectureId: input.lectureId,
    positionSeconds: input.positionSeconds,
    completed: input.completed ?? false,
  });
  return { enrolledCourse };
};
