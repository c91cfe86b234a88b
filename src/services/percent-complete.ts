// A member's progress through a course, one rule for every surface that shows it: the admin API's
// `percent_complete` (Enrollment, LectureProgress, the enrollment.* webhook events), the account's
// `percentComplete` (GraphQL, MCP, pages). Admin analytics means something else (analytics-courses.ts).

/** Whole percent, rounded down: 100 only once every published lecture is completed; 0 without lectures. */
export function percentComplete(completedLectures: number, publishedLectures: number): number {
  if (publishedLectures === 0) return 0;
  return Math.min(100, Math.floor((completedLectures * 100) / publishedLectures));
}
