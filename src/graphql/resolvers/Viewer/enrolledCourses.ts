// Viewer.enrolledCourses: most recently enrolled first. Progress and the last-watched lecture come
// with the page in one statement (services/people/own-data.ts), never one query per course; the progress
// counts only when the query selects progress (graphql/selection.ts). The person is the token's,
// from the context, never from the parent or the arguments.
import type { ViewerResolvers } from '../../../../generated/graphql/types.ts';
import { selectsPath } from '../../selection.ts';
import { pageArgs } from './page.ts';

export const enrolledCourses: NonNullable<ViewerResolvers['enrolledCourses']> = (_viewer, args, context, info) =>
  context.services.account.enrolledCoursesPage(context.site.id, context.personId, pageArgs(args), {
    progress: selectsPath(info, ['nodes', 'progress']) || selectsPath(info, ['edges', 'node', 'progress']),
  });
