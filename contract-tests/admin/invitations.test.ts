// People across schools (OpenAPI inviteStudent, inviteMember): adding a person by e-mail at one school discloses
// nothing another school holds about them (their name, their id, when their account was made, not
// even whether they have one) and attaches no account without its owner: the school gets an
// invitation, and the role comes only when the person accepts at its link, through the public pages.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { inviteMember, inviteStudent, listMembers, listStudents } from '../../generated/openapi/client/sdk.gen.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { adminClient } from '../support/admin-client.ts';
import { browserFetch, CookieJar } from '../support/cookie-jar.ts';
import { acceptInvitation, answerInvitation, NEW_PERSON_PASSWORD } from '../support/invitations.ts';
import { invitationLink, mailMark } from '../support/mailbox.ts';
import { operatorToken } from '../support/tokens.ts';
import { call, connect } from '../mcp/mcp-client.ts';
import { joinedStudent, uniqueEmail } from './people-fixtures.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');
const INVITATION_KEYS = ['created_at', 'email', 'expires_at', 'id', 'name', 'role', 'status'];

describe.skipIf(!secondary)(
  'invitations across schools (an invitation discloses nothing and attaches nothing until accepted)',
  () => {
    let demo: ReturnType<typeof adminClient>;
    let second: ReturnType<typeof adminClient>;
    beforeAll(async () => {
      demo = adminClient(origin, await operatorToken(origin, 'students:read students:write members:read'));
      second = adminClient(
        secondary,
        await operatorToken(
          secondary,
          'students:read students:write members:read members:write',
          ACCOUNTS.secondSchoolOwner,
        ),
      );
    });

    it('inviting at Second School an e-mail with an account at Demo Academy reveals nothing of it: the same answer as for an unknown e-mail, holding only what was sent', async () => {
      const demoStudent2 = (await listStudents({ client: demo, query: { q: ACCOUNTS.student2 } })).data!.data[0]!;
      const before = Date.now();
      const mark = await mailMark();
      const known = await inviteStudent({
        client: second,
        body: { email: ACCOUNTS.student2, name: 'Typed By Second School' },
      });
      const unknown = await inviteStudent({
        client: second,
        body: { email: uniqueEmail('nobody-yet'), name: 'Typed By Second School' },
      });
      for (const answer of [known, unknown]) {
        expect(answer.response.status).toBe(202);
        expect(Object.keys(answer.data!).sort()).toEqual(INVITATION_KEYS);
        expect(answer.data).toMatchObject({ name: 'Typed By Second School', role: 'student', status: 'pending' });
        expect(Date.parse((answer.data as { created_at: string }).created_at)).toBeGreaterThanOrEqual(before - 5_000);
      }
      const text = JSON.stringify(known.data);
      for (const secret of [demoStudent2.id, demoStudent2.name!, demoStudent2.created_at])
        expect(text, 'nothing Demo Academy holds').not.toContain(secret);
      // The accept page, which anyone holding the mailed link sees, shows Second School's invitation only.
      const knownLink = await invitationLink(ACCOUNTS.student2, { after: mark });
      expect(new URL(knownLink).origin).toBe(secondary);
      const page = await (await fetch(knownLink)).text();
      expect(page).toContain(ACCOUNTS.student2);
      expect(page).not.toContain(demoStudent2.name!);
      // Declined: nothing was added, and the link is spent.
      expect((await answerInvitation(knownLink, { decision: 'decline' })).status).toBe(200);
      expect((await fetch(knownLink)).status).toBe(404);
      expect((await listStudents({ client: second, query: { q: ACCOUNTS.student2 } })).data!.data).toEqual([]);
    });

    it('the role comes only when the person accepts with their own password; the school then sees them as a member', async () => {
      const email = uniqueEmail('two-schools');
      const atDemo = await joinedStudent(demo, { email, name: 'Name At Demo Academy' });
      const mark = await mailMark();
      const invited = await inviteMember({
        client: second,
        body: { email, name: 'Name Typed At Second', role: 'lecturer' },
      });
      expect(invited.response.status).toBe(202);
      const acceptUrl = await invitationLink(email, { after: mark });
      expect(new URL(acceptUrl).origin).toBe(secondary);
      expect(
        (await listMembers({ client: second, query: { q: email } })).data!.data,
        'no role before accepting',
      ).toEqual([]);
      // Signing in at Second School is refused: no role there yet.
      const jar = new CookieJar();
      const form = await browserFetch(jar, `${secondary}/oauth/sign-in`);
      const csrf = /name="csrf_token" value="([^"]+)"/.exec(await form.text())![1]!;
      expect(
        (
          await browserFetch(jar, `${secondary}/oauth/sign-in`, {
            form: { csrf_token: csrf, email, password: NEW_PERSON_PASSWORD },
          })
        ).status,
      ).toBe(401);
      // The link is not the account: a wrong password accepts nothing and sets nothing.
      expect((await answerInvitation(acceptUrl, { decision: 'accept', password: 'someone-elses-guess' })).status).toBe(
        401,
      );
      expect((await listMembers({ client: second, query: { q: email } })).data!.data).toEqual([]);
      // Inviting again sends a new link; the earlier one stops working.
      const beforeAgain = await mailMark();
      await inviteMember({
        client: second,
        body: { email, name: 'Name Typed At Second', role: 'lecturer' },
      });
      expect((await fetch(acceptUrl)).status).toBe(404);
      await acceptInvitation(await invitationLink(email, { after: beforeAgain }), NEW_PERSON_PASSWORD);
      const members = (await listMembers({ client: second, query: { q: email } })).data!.data;
      expect(members).toHaveLength(1);
      expect(members[0]).toMatchObject({ id: atDemo.id, email, roles: ['lecturer'], name: 'Name At Demo Academy' });
    });

    it('a new e-mail accepts by choosing a password (8 characters at least), which creates the account it then signs in with', async () => {
      const email = uniqueEmail('brand-new');
      await inviteStudent({ client: second, body: { email, name: 'Chosen Later' } });
      const link = await invitationLink(email);
      const accepted = await answerInvitation(link, {
        decision: 'accept',
        password: 'short',
        name: 'Chosen Later',
      });
      expect(accepted.status, 'a password too short is refused').toBe(401);
      const nul = await answerInvitation(link, {
        decision: 'accept',
        password: 'a-long-enough-password',
        name: 'Null\u0000Name',
      });
      expect(nul.status, 'text the database cannot hold is a 400 page, never a 500').toBe(400);
      const joined = await answerInvitation(link, {
        decision: 'accept',
        password: 'a-long-enough-password',
        name: 'Picked My Name',
      });
      expect(joined.status).toBe(303);
      expect(joined.headers.get('location')).toBe('/account');
      expect((await listStudents({ client: second, query: { q: email } })).data!.data[0]).toMatchObject({
        email,
        name: 'Picked My Name',
      });
      // The account works at sign-in, and the signed-in page is this school's account.
      const jar = new CookieJar();
      const form = await browserFetch(jar, `${secondary}/oauth/sign-in`);
      const csrf = /name="csrf_token" value="([^"]+)"/.exec(await form.text())![1]!;
      expect(
        (
          await browserFetch(jar, `${secondary}/oauth/sign-in`, {
            form: { csrf_token: csrf, email, password: 'a-long-enough-password' },
          })
        ).status,
      ).toBe(303);
    });

    it('the MCP operator operation invite_student (derived from the spec, run by call_operation) invites the same way, showing nothing another school holds', async () => {
      const email = uniqueEmail('mcp-invitee');
      await joinedStudent(demo, { email, name: 'Known At Demo Academy' });
      const mcp = await connect(
        secondary,
        await operatorToken(secondary, 'students:write', ACCOUNTS.secondSchoolOwner),
      );
      const result = await call<Record<string, unknown>>(mcp, 'call_operation', {
        operation: 'invite_student',
        arguments: { email, name: 'Typed Through MCP' },
      });
      expect(result.isError).toBeFalsy();
      expect(Object.keys(result.structuredContent).sort()).toEqual(INVITATION_KEYS);
      expect(result.structuredContent).toMatchObject({ email, name: 'Typed Through MCP', status: 'pending' });
      expect(JSON.stringify(result)).not.toContain('Known At Demo Academy');
      await mcp.close();
    });
  },
);
