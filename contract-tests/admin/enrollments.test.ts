// Enrollments and progress through the generated client (OpenAPI tag Students:
// enrollStudent is idempotent). Writes use fresh students and courses; progress is read
// from the demo seed (student1 at Demo Academy), which these tests never change.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  archiveCourse,
  enrollStudent,
  expireEnrollment,
  getEnrollment,
  getStudentProgress,
  listCourseEnrollments,
  listCourses,
  listStudentEnrollments,
  listStudents,
  unenrollStudent,
  updateEnrollment,
} from '../../generated/openapi/client/sdk.gen.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { adminClient } from '../support/admin-client.ts';
import { operatorToken } from '../support/tokens.ts';
import { freshCourse, joinedStudent, pointersOf, uniqueEmail } from './people-fixtures.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');
const DAY = 86_400_000;

describe('enrollments and progress (students:read, students:write)', () => {
  let client: ReturnType<typeof adminClient>;
  const newStudent = () => joinedStudent(client, { email: uniqueEmail('learner'), name: 'Learner' });
  beforeAll(async () => {
    client = adminClient(
      origin,
      await operatorToken(origin, 'students:read students:write courses:read courses:write'),
    );
  });

  it("enrolls with the course's access_days by default, and enrolling again returns the same enrollment (200)", async () => {
    const student = await newStudent();
    const course = await freshCourse(client, { access_days: 30 });
    const first = await enrollStudent({ client, path: { person_id: student.id }, body: { course_id: course.id } });
    expect(first.response.status).toBe(201);
    expect(first.data).toMatchObject({
      student: { id: student.id },
      course: { id: course.id, title: course.title },
      status: 'active',
      has_lifetime_access: false,
    });
    expect(Math.abs(Date.parse(first.data!.expires_at!) - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    const again = await enrollStudent({
      client,
      path: { person_id: student.id },
      body: { course_id: course.id, has_lifetime_access: true },
    });
    expect(again.response.status).toBe(200);
    expect(again.data).toEqual(first.data);
    expect((await getEnrollment({ client, path: { enrollment_id: first.data!.id } })).data).toEqual(first.data);
  });

  it('enrolls with lifetime access or an explicit expiry, never both (422, database check)', async () => {
    const student = await newStudent();
    const lifetime = await enrollStudent({
      client,
      path: { person_id: student.id },
      body: { course_id: (await freshCourse(client, { access_days: 10 })).id, has_lifetime_access: true },
    });
    expect(lifetime.data).toMatchObject({ has_lifetime_access: true, expires_at: null });
    const both = await enrollStudent({
      client,
      path: { person_id: student.id },
      body: {
        course_id: (await freshCourse(client)).id,
        has_lifetime_access: true,
        expires_at: new Date(Date.now() + DAY).toISOString(),
      },
    });
    expect(both.response.status).toBe(422);
    expect(pointersOf(both.error)).toEqual(['/body/expires_at']);
  });

  it('an archived course takes no new students (422)', async () => {
    const course = await freshCourse(client);
    await archiveCourse({ client, path: { course_id: course.id } });
    const response = await enrollStudent({
      client,
      path: { person_id: (await newStudent()).id },
      body: { course_id: course.id },
    });
    expect(response.response.status).toBe(422);
    expect(pointersOf(response.error)).toEqual(['/body/course_id']);
  });

  it('expire ends access now and keeps the enrollment (idempotent); a new expiry or lifetime re-activates it', async () => {
    const student = await newStudent();
    const enrollment = (
      await enrollStudent({
        client,
        path: { person_id: student.id },
        body: { course_id: (await freshCourse(client)).id },
      })
    ).data!;
    const expired = await expireEnrollment({ client, path: { enrollment_id: enrollment.id } });
    expect(expired.data).toMatchObject({ id: enrollment.id, status: 'expired', has_lifetime_access: false });
    expect(Date.parse(expired.data!.expires_at!)).toBeLessThanOrEqual(Date.now());
    expect((await expireEnrollment({ client, path: { enrollment_id: enrollment.id } })).data).toEqual(expired.data);
    const onlyExpired = await listStudentEnrollments({
      client,
      path: { person_id: student.id },
      query: { status: 'expired' },
    });
    expect(onlyExpired.data!.data.map((e) => e.id)).toEqual([enrollment.id]);
    expect(
      (await listStudentEnrollments({ client, path: { person_id: student.id }, query: { status: 'active' } })).data!
        .data,
    ).toEqual([]);
    const until = new Date(Date.now() + 7 * DAY).toISOString();
    const extended = await updateEnrollment({
      client,
      path: { enrollment_id: enrollment.id },
      body: { expires_at: until },
    });
    expect(extended.data).toMatchObject({ status: 'active', expires_at: until, has_lifetime_access: false });
    const forever = await updateEnrollment({
      client,
      path: { enrollment_id: enrollment.id },
      body: { has_lifetime_access: true },
    });
    expect(forever.data).toMatchObject({ status: 'active', expires_at: null, has_lifetime_access: true });
  });

  it('an expiry in the past, or taking lifetime away without a date, is 422 with a pointer', async () => {
    const student = await newStudent();
    const enrollment = (
      await enrollStudent({
        client,
        path: { person_id: student.id },
        body: { course_id: (await freshCourse(client)).id },
      })
    ).data!;
    const past = await updateEnrollment({
      client,
      path: { enrollment_id: enrollment.id },
      body: { expires_at: '2020-01-01T00:00:00Z' },
    });
    expect(past.response.status).toBe(422);
    expect(pointersOf(past.error)).toEqual(['/body/expires_at']);
    const noDate = await updateEnrollment({
      client,
      path: { enrollment_id: enrollment.id },
      body: { has_lifetime_access: false },
    });
    expect(noDate.response.status).toBe(422);
    const empty = await updateEnrollment({ client, path: { enrollment_id: enrollment.id }, body: {} });
    expect(empty.response.status).toBe(400);
  });

  it("lists a course's enrollments with status filter and search, and unenrolls (204, then 404)", async () => {
    const course = await freshCourse(client);
    const a = await newStudent();
    const b = await joinedStudent(client, { email: uniqueEmail('findme'), name: 'Findable' });
    const ea = (await enrollStudent({ client, path: { person_id: a.id }, body: { course_id: course.id } })).data!;
    const eb = (await enrollStudent({ client, path: { person_id: b.id }, body: { course_id: course.id } })).data!;
    await expireEnrollment({ client, path: { enrollment_id: ea.id } });
    const all = await listCourseEnrollments({ client, path: { course_id: course.id }, query: { limit: 1 } });
    expect(all.data!.data.map((e) => e.id)).toEqual([eb.id]);
    const next = await listCourseEnrollments({
      client,
      path: { course_id: course.id },
      query: { limit: 1, cursor: all.data!.next_cursor! },
    });
    expect(next.data).toMatchObject({ data: [{ id: ea.id, status: 'expired' }], next_cursor: null });
    const oldestFirst = await listCourseEnrollments({
      client,
      path: { course_id: course.id },
      query: { sort: 'enrolled_at' },
    });
    expect(oldestFirst.data!.data.map((e) => e.id)).toEqual([ea.id, eb.id]);
    expect(
      (
        await listCourseEnrollments({ client, path: { course_id: course.id }, query: { status: 'active' } })
      ).data!.data.map((e) => e.id),
    ).toEqual([eb.id]);
    expect(
      (
        await listCourseEnrollments({ client, path: { course_id: course.id }, query: { q: 'findable' } })
      ).data!.data.map((e) => e.id),
    ).toEqual([eb.id]);
    expect((await unenrollStudent({ client, path: { enrollment_id: ea.id } })).response.status).toBe(204);
    expect((await getEnrollment({ client, path: { enrollment_id: ea.id } })).response.status).toBe(404);
    expect((await unenrollStudent({ client, path: { enrollment_id: ea.id } })).response.status).toBe(404);
  });

  it('reports progress per course: completed/total, percent, last watched lecture and per-lecture completion (demo seed)', async () => {
    const sam = (await listStudents({ client, query: { q: ACCOUNTS.student } })).data!.data[0]!;
    const bootcamp = (await listCourses({ client, query: { q: 'web-development-bootcamp' } })).data!.data[0]!;
    const progress = await getStudentProgress({
      client,
      path: { person_id: sam.id },
      query: { course_id: bootcamp.id },
    });
    expect(progress.response.status).toBe(200);
    const [course] = progress.data!.data;
    // Seeded: lectures 1-3 done, lecture 4 watched to 312 s. Member-API suites may add progress.
    expect(course).toMatchObject({ course: { id: bootcamp.id }, status: 'active' });
    expect(course!.lectures.slice(0, 3).every((l) => l.completed && l.completed_at !== null)).toBe(true);
    expect(course!.completed_lectures).toBe(course!.lectures.filter((l) => l.completed).length);
    expect(course!.completed_lectures).toBeGreaterThanOrEqual(3);
    expect(course!.total_lectures).toBe(course!.lectures.length);
    expect(course!.percent_complete).toBe(Math.floor((course!.completed_lectures * 100) / course!.total_lectures));
    expect(course!.lectures.map((l) => l.lecture_id)).toContain(course!.last_watched!.lecture_id);
    const all = await getStudentProgress({ client, path: { person_id: sam.id }, query: { limit: 100 } });
    // Expired access keeps its progress (OpenAPI getStudentProgress: expired enrollments keep their progress).
    expect(all.data!.data.find((c) => c.status === 'expired')?.completed_lectures).toBeGreaterThanOrEqual(2);
  });

  it('invalid input is 400 with a pointer to the field', async () => {
    const student = await newStudent();
    const bad = await enrollStudent({ client, path: { person_id: student.id }, body: { course_id: 'nope' } });
    expect(pointersOf(bad.error)).toEqual(['/body/course_id']);
    const status = await listStudentEnrollments({
      client,
      path: { person_id: student.id },
      query: { status: 'paused' as never },
    });
    expect(pointersOf(status.error)).toEqual(['/query/status']);
    expect((await getEnrollment({ client, path: { enrollment_id: 'not-a-uuid' } })).response.status).toBe(400);
  });

  it.skipIf(!secondary)("another school's enrollment, course or student is 404, never its data", async () => {
    const other = adminClient(
      secondary,
      await operatorToken(secondary, 'students:read courses:read', ACCOUNTS.secondSchoolOwner),
    );
    const theirStudent = (await listStudents({ client: other, query: { q: 'student1@second-school.test' } })).data!
      .data[0]!;
    const theirEnrollment = (await listStudentEnrollments({ client: other, path: { person_id: theirStudent.id } }))
      .data!.data[0]!;
    const theirCourse = theirEnrollment.course;
    for (const response of [
      await getEnrollment({ client, path: { enrollment_id: theirEnrollment.id } }),
      await updateEnrollment({
        client,
        path: { enrollment_id: theirEnrollment.id },
        body: { has_lifetime_access: true },
      }),
      await expireEnrollment({ client, path: { enrollment_id: theirEnrollment.id } }),
      await unenrollStudent({ client, path: { enrollment_id: theirEnrollment.id } }),
      await listCourseEnrollments({ client, path: { course_id: theirCourse.id } }),
      await getStudentProgress({ client, path: { person_id: theirStudent.id } }),
    ]) {
      expect(response.response.status).toBe(404);
      expect(JSON.stringify(response.error)).not.toContain(theirCourse.title);
    }
    const enroll = await enrollStudent({
      client,
      path: { person_id: (await newStudent()).id },
      body: { course_id: theirCourse.id },
    });
    expect(enroll.response.status).toBe(404);
    expect(pointersOf(enroll.error)).toEqual(['/body/course_id']);
    expect((await getEnrollment({ client: other, path: { enrollment_id: theirEnrollment.id } })).data!.status).toBe(
      theirEnrollment.status,
    );
  });
});
