// Members through the generated client (OpenAPI tag Members): everyone
// with a role at the school, role changes as a full set, and the rule that a school keeps an
// owner. Tests make their own people; the seeded owner is only ever refused (409), never changed.
import { invitationLink, mailMark } from '../support/mailbox.ts';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  enrollStudent,
  getMember,
  inviteMember,
  inviteStudent,
  listMembers,
  listStudentEnrollments,
  removeMember,
  setMemberRoles,
} from '../../generated/openapi/client/sdk.gen.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { adminClient } from '../support/admin-client.ts';
import { operatorToken } from '../support/tokens.ts';
import { acceptInvitation } from '../support/invitations.ts';
import { freshCourse, joinedStudent, pointersOf, uniqueEmail } from './people-fixtures.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');

describe('members (members:read, members:write)', () => {
  let client: ReturnType<typeof adminClient>;
  beforeAll(async () => {
    client = adminClient(
      origin,
      await operatorToken(origin, 'members:read members:write students:read students:write courses:write'),
    );
  });

  it('lists everyone with a role, filtered by role and searched, with all their roles', async () => {
    const owners = await listMembers({ client, query: { role: 'owner', limit: 100 } });
    expect(owners.response.status).toBe(200);
    expect(owners.data!.data.every((m) => m.roles.includes('owner'))).toBe(true);
    expect(owners.data!.data.map((m) => m.email)).toContain(ACCOUNTS.owner);
    const students = await listMembers({ client, query: { role: 'student', q: 'demo-academy.test', limit: 100 } });
    expect(students.data!.data.map((m) => m.email)).toEqual(
      expect.arrayContaining([ACCOUNTS.student, ACCOUNTS.student2]),
    );
    const first = await listMembers({ client, query: { limit: 2, sort: 'email' } });
    const second = await listMembers({ client, query: { limit: 2, sort: 'email', cursor: first.data!.next_cursor! } });
    const emails = [...first.data!.data, ...second.data!.data].map((m) => m.email);
    expect(emails).toEqual([...emails].sort());
    expect(new Set(emails).size).toBe(4);
  });

  it('invites with a staff role (202 until the person accepts); then the same invite is 200 and another role for the member is 201', async () => {
    const email = uniqueEmail('staff');
    const invited = await inviteMember({ client, body: { email, name: 'Grace Hopper', role: 'lecturer' } });
    expect(invited.response.status).toBe(202);
    expect(invited.data).toMatchObject({ email, name: 'Grace Hopper', role: 'lecturer', status: 'pending' });
    expect((await listMembers({ client, query: { q: email } })).data!.data, 'nobody is added before accepting').toEqual(
      [],
    );
    await acceptInvitation(await invitationLink(email));
    const again = await inviteMember({ client, body: { email, name: 'Grace Hopper', role: 'lecturer' } });
    expect(again.response.status).toBe(200);
    expect(again.data).toMatchObject({ email, name: 'Grace Hopper', roles: ['lecturer'] });
    const admin = await inviteMember({ client, body: { email, name: 'Grace Hopper', role: 'admin' } });
    expect(admin.response.status).toBe(201);
    expect((admin.data as { roles: string[] }).roles).toEqual(['admin', 'lecturer']);
    expect((await getMember({ client, path: { person_id: (again.data as { id: string }).id } })).data).toEqual(
      admin.data,
    );
  });

  it('PUT roles replaces the whole set (idempotent), owner first', async () => {
    const member = await joinedStudent(client, { email: uniqueEmail('promoted'), name: 'Promoted' });
    const changed = await setMemberRoles({
      client,
      path: { person_id: member.id },
      body: { roles: ['student', 'lecturer'] },
    });
    expect(changed.response.status).toBe(200);
    expect(changed.data!.roles).toEqual(['lecturer', 'student']);
    const again = await setMemberRoles({
      client,
      path: { person_id: member.id },
      body: { roles: ['lecturer', 'student'] },
    });
    expect(again.data).toEqual(changed.data);
    const swapped = await setMemberRoles({ client, path: { person_id: member.id }, body: { roles: ['admin'] } });
    expect(swapped.data!.roles).toEqual(['admin']);
  });

  it('the school keeps at least one owner: demoting or removing the last one is 409', async () => {
    const coOwner = { email: uniqueEmail('co-owner'), name: 'Co-owner', role: 'owner' as const };
    expect((await inviteMember({ client, body: coOwner })).response.status).toBe(202);
    await acceptInvitation(await invitationLink(coOwner.email));
    const second = (await inviteMember({ client, body: coOwner })).data as { id: string };
    expect(
      (await setMemberRoles({ client, path: { person_id: second.id }, body: { roles: ['admin'] } })).data!.roles,
    ).toEqual(['admin']);
    const owners = (await listMembers({ client, query: { role: 'owner', limit: 100 } })).data!.data;
    expect(owners.map((o) => o.email)).toEqual([ACCOUNTS.owner]);
    const demote = await setMemberRoles({ client, path: { person_id: owners[0]!.id }, body: { roles: ['admin'] } });
    expect(demote.response.status).toBe(409);
    expect(demote.error).toMatchObject({ status: 409 });
    expect((await removeMember({ client, path: { person_id: owners[0]!.id } })).response.status).toBe(409);
    expect((await getMember({ client, path: { person_id: owners[0]!.id } })).data!.roles).toContain('owner');
  });

  it('remove takes every role and enrollment here, never the identity', async () => {
    const email = uniqueEmail('removed');
    const member = await joinedStudent(client, { email, name: 'Removed' });
    await inviteMember({ client, body: { email, name: 'Removed', role: 'lecturer' } });
    await enrollStudent({
      client,
      path: { person_id: member.id },
      body: { course_id: (await freshCourse(client)).id },
    });
    expect((await removeMember({ client, path: { person_id: member.id } })).response.status).toBe(204);
    expect((await getMember({ client, path: { person_id: member.id } })).response.status).toBe(404);
    expect((await removeMember({ client, path: { person_id: member.id } })).response.status).toBe(404);
    // Removed, they belong here no more: coming back is by invitation, which they accept again.
    const mark = await mailMark();
    const back = await inviteStudent({ client, body: { email, name: 'Removed' } });
    expect(back.response.status).toBe(202);
    await acceptInvitation(await invitationLink(email, { after: mark }));
    expect(((await inviteStudent({ client, body: { email, name: 'Removed' } })).data as { id: string }).id).toBe(
      member.id,
    );
    expect((await listStudentEnrollments({ client, path: { person_id: member.id } })).data!.data).toEqual([]);
  });

  it('invalid input is 400 with a pointer to the field', async () => {
    const student = await inviteMember({
      client,
      body: { email: uniqueEmail('x'), name: 'X', role: 'student' as never },
    });
    expect(student.response.status).toBe(400);
    expect(pointersOf(student.error)).toEqual(['/body/role']);
    const someone = (await listMembers({ client, query: { limit: 1 } })).data!.data[0]!;
    const empty = await setMemberRoles({ client, path: { person_id: someone.id }, body: { roles: [] } });
    expect(pointersOf(empty.error)).toEqual(['/body/roles']);
    const twice = await setMemberRoles({
      client,
      path: { person_id: someone.id },
      body: { roles: ['admin', 'admin'] },
    });
    expect(pointersOf(twice.error)).toEqual(['/body/roles']);
    const role = await listMembers({ client, query: { role: 'manager' as never } });
    expect(pointersOf(role.error)).toEqual(['/query/role']);
  });

  it.skipIf(!secondary)("another school's member is 404, never their data", async () => {
    const other = adminClient(secondary, await operatorToken(secondary, 'members:read', ACCOUNTS.secondSchoolOwner));
    const theirs = (await listMembers({ client: other, query: { role: 'owner' } })).data!.data[0]!;
    for (const response of [
      await getMember({ client, path: { person_id: theirs.id } }),
      await setMemberRoles({ client, path: { person_id: theirs.id }, body: { roles: ['lecturer'] } }),
      await removeMember({ client, path: { person_id: theirs.id } }),
    ]) {
      expect(response.response.status).toBe(404);
      expect(JSON.stringify(response.error)).not.toContain(theirs.email);
    }
    expect((await getMember({ client: other, path: { person_id: theirs.id } })).data!.roles).toEqual(['owner']);
  });
});
