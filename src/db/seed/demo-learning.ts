// Enrollments and per-lecture progress: lifetime, still running and expired access, each with a
// last-watched lecture, so the member API's enrolled courses have something to show.
import type { Insertable } from 'kysely';
import type { EnrollmentsTable, LectureProgressTable } from '../schema.ts';
import type { SeededCourse } from './demo-catalog.ts';
import { daysFromNow, lookup, type AccessSeed, type EnrollmentSeed, type SchoolContext } from './demo-types.ts';

function access(
  ctx: SchoolContext,
  seed: AccessSeed,
): Pick<Insertable<EnrollmentsTable>, 'status' | 'expires_at' | 'has_lifetime_access'> {
  if (seed === 'lifetime') return { status: 'active', expires_at: null, has_lifetime_access: true };
  if ('expiresInDays' in seed)
    return { status: 'active', expires_at: daysFromNow(ctx, seed.expiresInDays), has_lifetime_access: false };
  // Expired access keeps its progress (platforms expire rather than delete).
  return { status: 'expired', expires_at: daysFromNow(ctx, -seed.expiredDaysAgo), has_lifetime_access: false };
}

/** Lecture i (0-based) was finished on day i + 1 after enrolling, or today if that is later. */
function completedOn(ctx: SchoolContext, seed: EnrollmentSeed, i: number): Date {
  return daysFromNow(ctx, Math.min(0, -seed.enrolledDaysAgo + i + 1));
}

function plan(ctx: SchoolContext, seed: EnrollmentSeed, course: SeededCourse) {
  const { lectures } = course;
  const watched = lectures[seed.watched.lecture - 1];
  if (watched === undefined || seed.completedLectures > lectures.length) {
    throw new Error(`demo seed: ${seed.course} has no lecture ${seed.watched.lecture} or ${seed.completedLectures}`);
  }
  const progress: Omit<Insertable<LectureProgressTable>, 'enrollment_id'>[] = lectures
    .slice(0, seed.completedLectures)
    .map((lecture, i) => ({
      site_id: ctx.siteId,
      lecture_id: lecture.id,
      position_seconds: lecture.durationSeconds,
      completed_at: completedOn(ctx, seed, i),
    }));
  if (seed.watched.lecture > seed.completedLectures) {
    progress.push({
      site_id: ctx.siteId,
      lecture_id: watched.id,
      position_seconds: Math.min(seed.watched.seconds, watched.durationSeconds),
      completed_at: null,
    });
  }
  const finished = seed.completedLectures === lectures.length;
  const enrollment: Insertable<EnrollmentsTable> = {
    site_id: ctx.siteId,
    person_id: ctx.person(seed.student),
    course_id: course.id,
    ...access(ctx, seed.access),
    enrolled_at: daysFromNow(ctx, -seed.enrolledDaysAgo),
    last_watched_lecture_id: watched.id,
    last_position_seconds: Math.min(seed.watched.seconds, watched.durationSeconds),
    completed_at: finished ? completedOn(ctx, seed, lectures.length - 1) : null,
  };
  return { enrollment, progress };
}

export async function seedLearning(
  ctx: SchoolContext,
  seeds: EnrollmentSeed[],
  courses: ReadonlyMap<string, SeededCourse>,
): Promise<void> {
  const plans = seeds.map((seed) => plan(ctx, seed, lookup(courses, seed.course, 'course')));
  const rows = await ctx.db
    .insertInto('enrollments')
    .values(plans.map((p) => p.enrollment))
    .returning(['id', 'person_id', 'course_id'])
    .execute();
  const ids = new Map(rows.map((row) => [`${row.person_id}/${row.course_id}`, row.id]));
  const progress = plans.flatMap(({ enrollment, progress }) => {
    const enrollmentId = lookup(ids, `${enrollment.person_id}/${enrollment.course_id}`, 'enrollment');
    return progress.map((row) => ({ ...row, enrollment_id: enrollmentId }));
  });
  if (progress.length > 0) await ctx.db.insertInto('lecture_progress').values(progress).execute();
}
