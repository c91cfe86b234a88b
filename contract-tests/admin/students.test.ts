// Students through the generated client (OpenAPI tag Students): invite,
// list, get, update, remove, with the rules of global identities. Tests make their own people so
// that the demo data other suites read stays as seeded.
import { invitationLink, mailMark } from '../support/mailbox.ts';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  enrollStudent,
  getMember,
  getStudent,
  inviteMember,
  inviteStudent,
  listMembers,
  listStudentEnrollments,
  listStudents,
  removeStudent,
  updateStudent,
} from '../../generated/openapi/client/sdk.gen.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { adminClient } from '../support/admin-client.ts';
import { operatorToken } from '../support/tokens.ts';
import { acceptInvitation } from '../support/invitations.ts';
import { freshCourse, joinedStudent, pointersOf, uniqueEmail } from './people-fixtures.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');

describe('students (students:read, students:write)', () => {
  let client: ReturnType<typeof adminClient>;
  beforeAll(async () => {
    client = adminClient(
      origin,
      await operatorToken(origin, 'students:read students:write courses:read courses:write members:read members:write'),
    );
  });

  it('invites by e-mail (lower-cased): 202 with an invitation until the person accepts, then a student; 200 from then on', async () => {
    const email = uniqueEmail('invitee');
    const first = await inviteStudent({ client, body: { email: email.toUpperCase(), name: 'Ada Lovelace' } });
    expect(first.response.status).toBe(202);
    expect(first.data).toMatchObject({ email, name: 'Ada Lovelace', role: 'student', status: 'pending' });
    expect(
      (await listStudents({ client, query: { q: email } })).data!.data,
      'nobody is added before accepting',
    ).toEqual([]);
    await acceptInvitation(await invitationLink(email));
    const again = await inviteStudent({ client, body: { email, name: 'Someone Else' } });
    expect(again.response.status).toBe(200);
    expect(again.data).toMatchObject({ email, name: 'Ada Lovelace', avatar_url: null });
    expect((await inviteStudent({ client, body: { email, name: 'Ada Lovelace' } })).data).toEqual(again.data);
  });

  it('lists students with search, joined-at range, e-mail sort and keyset pages', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const tag = `lister-${Date.now()}`;
    for (const n of [1, 2, 3]) await joinedStudent(client, { email: uniqueEmail(`${tag}-${n}`), name: `Lister ${n}` });
    const first = await listStudents({ client, query: { q: tag, limit: 2, sort: 'email' } });
    expect(first.response.status).toBe(200);
    expect(first.data!.data.map((s) => s.email)).toEqual([...first.data!.data.map((s) => s.email)].sort());
    const second = await listStudents({
      client,
      query: { q: tag, limit: 2, sort: 'email', cursor: first.data!.next_cursor! },
    });
    expect([...first.data!.data, ...second.data!.data].map((s) => s.name)).toEqual([
      'Lister 1',
      'Lister 2',
      'Lister 3',
    ]);
    expect(second.data!.next_cursor).toBeNull();
    const recent = await listStudents({ client, query: { created_after: since, limit: 100 } });
    expect(recent.data!.data.every((s) => s.created_at >= since)).toBe(true);
    const none = await listStudents({ client, query: { q: tag, created_before: since } });
    expect(none.data!.data).toEqual([]);
  });

  it('pages by joining time without skipping people who joined in the same millisecond (demo seed)', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listStudents({
        client,
        query: { limit: 1, sort: 'created_at', ...(cursor ? { cursor } : {}) },
      });
      seen.push(...page.data!.data.map((s) => s.email));
      cursor = page.data!.next_cursor ?? undefined;
    } while (cursor && seen.length < 3);
    expect(seen.slice(0, 2).sort()).toEqual([ACCOUNTS.student, ACCOUNTS.student2].sort());
  });

  it('filters by course and shows the enrollment summary on get', async () => {
    const student = await joinedStudent(client, { email: uniqueEmail('summary'), name: 'Summary' });
    const course = await freshCourse(client, { access_days: null });
    await enrollStudent({ client, path: { person_id: student.id }, body: { course_id: course.id } });
    const inCourse = await listStudents({ client, query: { course_id: course.id } });
    expect(inCourse.data!.data.map((s) => s.id)).toEqual([student.id]);
    const detail = await getStudent({ client, path: { person_id: student.id } });
    expect(detail.response.status).toBe(200);
    expect(detail.data!.enrollment_counts).toEqual({ total: 1, active: 1, expired: 0, completed: 0 });
    expect(detail.data!.enrollments[0]).toMatchObject({
      course: { id: course.id },
      status: 'active',
      has_lifetime_access: true,
      percent_complete: 0,
    });
  });

  it('changes the name of an identity only this school knows', async () => {
    const student = await joinedStudent(client, { email: uniqueEmail('rename'), name: 'Old Name' });
    const updated = await updateStudent({ client, path: { person_id: student.id }, body: { name: 'New Name' } });
    expect(updated.response.status).toBe(200);
    expect(updated.data).toMatchObject({ id: student.id, name: 'New Name' });
  });

  it.skipIf(!secondary)(
    'an identity another school knows keeps its name: the invite shows none of it, accepting keeps it, update is 422 (identities are global; invitations disclose nothing)',
    async () => {
      const other = adminClient(
        secondary,
        await operatorToken(secondary, 'students:read students:write', ACCOUNTS.secondSchoolOwner),
      );
      const email = uniqueEmail('shared');
      const theirs = await joinedStudent(other, { email, name: 'Shared Person' });
      const mark = await mailMark();
      const ours = await inviteStudent({ client, body: { email, name: 'Another Name' } });
      expect(ours.response.status).toBe(202);
      expect(ours.data).toMatchObject({ email, name: 'Another Name', status: 'pending' });
      expect(JSON.stringify(ours.data)).not.toContain(theirs.id);
      await acceptInvitation(await invitationLink(email, { after: mark }));
      expect((await inviteStudent({ client, body: { email, name: 'Another Name' } })).data).toMatchObject({
        id: theirs.id,
        name: 'Shared Person',
      });
      const rename = await updateStudent({ client, path: { person_id: theirs.id }, body: { name: 'Hijacked' } });
      expect(rename.response.status).toBe(422);
      expect(pointersOf(rename.error)).toEqual(['/body/name']);
      expect((await getStudent({ client: other, path: { person_id: theirs.id } })).data!.name).toBe('Shared Person');
    },
  );

  it('remove takes the student role and enrollments here, keeping the identity and other roles', async () => {
    const email = uniqueEmail('leaver');
    const student = await joinedStudent(client, { email, name: 'Leaver' });
    await inviteMember({ client, body: { email, name: 'Leaver', role: 'lecturer' } });
    const course = await freshCourse(client);
    await enrollStudent({ client, path: { person_id: student.id }, body: { course_id: course.id } });
    expect((await removeStudent({ client, path: { person_id: student.id } })).response.status).toBe(204);
    expect((await getStudent({ client, path: { person_id: student.id } })).response.status).toBe(404);
    expect((await getMember({ client, path: { person_id: student.id } })).data!.roles).toEqual(['lecturer']);
    const back = await inviteStudent({ client, body: { email, name: 'Leaver' } });
    expect(back.response.status).toBe(201);
    expect(back.data!.id).toBe(student.id);
    expect((await listStudentEnrollments({ client, path: { person_id: student.id } })).data!.data).toEqual([]);
  });

  it('a person without the student role here is 404 on the students paths', async () => {
    expect((await listStudents({ client, query: { q: ACCOUNTS.owner } })).data!.data).toEqual([]);
    const owner = (await listMembers({ client, query: { q: ACCOUNTS.owner } })).data!.data[0]!;
    expect((await getStudent({ client, path: { person_id: owner.id } })).response.status).toBe(404);
    const course = await freshCourse(client);
    expect(
      (await enrollStudent({ client, path: { person_id: owner.id }, body: { course_id: course.id } })).response.status,
    ).toBe(404);
  });

  it('invalid input is 400 with a pointer to the field', async () => {
    const email = await inviteStudent({ client, body: { email: 'not-an-email', name: 'Ada' } });
    expect(email.response.status).toBe(400);
    expect(pointersOf(email.error)).toEqual(['/body/email']);
    const blank = await inviteStudent({ client, body: { email: uniqueEmail('blank'), name: ' ' } });
    expect(pointersOf(blank.error)).toEqual(['/body/name']);
    const extra = await updateStudent({
      client,
      path: { person_id: '00000000-0000-7000-8000-000000000000' },
      body: { name: 'X', email: 'x@example.com' } as never,
    });
    expect(pointersOf(extra.error)).toEqual(['/body/email']);
    const limit = await listStudents({ client, query: { limit: 101 } });
    expect(pointersOf(limit.error)).toEqual(['/query/limit']);
    const cursor = await listStudents({ client, query: { cursor: 'bm9wZQ' } });
    expect(pointersOf(cursor.error)).toEqual(['/query/cursor']);
  });

  it.skipIf(!secondary)("another school's student is 404, never their data", async () => {
    const other = adminClient(secondary, await operatorToken(secondary, 'students:read', ACCOUNTS.secondSchoolOwner));
    const theirs = (await listStudents({ client: other, query: { q: 'student2@second-school.test' } })).data!.data[0]!;
    for (const response of [
      await getStudent({ client, path: { person_id: theirs.id } }),
      await updateStudent({ client, path: { person_id: theirs.id }, body: { name: 'X' } }),
      await removeStudent({ client, path: { person_id: theirs.id } }),
      await listStudentEnrollments({ client, path: { person_id: theirs.id } }),
    ]) {
      expect(response.response.status).toBe(404);
      expect(JSON.stringify(response.error)).not.toContain(theirs.email);
    }
  });
});
