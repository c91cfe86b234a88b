// my_enrolled_courses: the token's member's own enrollments at this school, with progress and
// the last watched lecture (spec/graphql/account.graphql: Viewer.enrolledCourses). Needs a member
// token with account:read; never anyone else's data, since the person comes from the token alone.
import { enrolledCourse } from './member-shapes.ts';
import { memberListTool } from './member-list-tool.ts';

export const myEnrolledCourses = memberListTool({
  name: 'my_enrolled_courses',
  title: 'My enrolled courses',
  description:
    'Courses you are enrolled in at this school, most recent first: access end, progress and the lecture to resume. Paged with limit and cursor.',
  node: enrolledCourse,
  noun: 'enrolled courses',
  list: (account, siteId, personId, page) => account.enrolledCourses(siteId, personId, page),
});
