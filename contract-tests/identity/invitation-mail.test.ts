// Invitations proven by the mailbox (OpenAPI inviteStudent, inviteMember, resendStudentInvitation,
// resendMemberInvitation; docs/operations.md "Mail"): the invitation is mailed to the invitee
// through the suite's SMTP listener, in the school's language, from the school's name, text and
// HTML; the API and MCP answer without the link; a resend mails a fresh link and the old one stops
// working; for an address new to the service, the mailed link is what sets the first password.
import * as oauth from 'oauth4webapi';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  inviteMember,
  inviteStudent,
  listStudents,
  resendMemberInvitation,
  resendStudentInvitation,
} from '../../generated/openapi/client/sdk.gen.ts';
import { uniqueEmail } from '../admin/people-fixtures.ts';
import { call, connect } from '../mcp/mcp-client.ts';
import { ACCOUNTS, CLIENTS, DEMO_PASSWORD } from '../support/accounts.ts';
import { authorizeInBrowser, discover, exchangeCode } from '../support/oauth-flow.ts';
import { adminClient } from '../support/admin-client.ts';
import { browserFetch, CookieJar, formFields } from '../support/cookie-jar.ts';
import { acceptInvitation, NEW_PERSON_PASSWORD } from '../support/invitations.ts';
import { invitationLink, linkIn, mailMark, mailTo } from '../support/mailbox.ts';
import { operatorToken } from '../support/tokens.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');
const mailDir = inject('mailDir');

/** Signs in at `at` with the password; the status of the form's answer (303: signed in). */
async function signIn(at: string, email: string, password: string): Promise<number> {
  const jar = new CookieJar();
  const fields = formFields(await (await browserFetch(jar, `${at}/oauth/sign-in?return_to=%2Faccount`)).text());
  return (await browserFetch(jar, `${at}/oauth/sign-in`, { form: { ...fields, email, password } })).status;
}

/** UserInfo of the demo member application for the person, signed in with `password` (scope openid email). */
async function userInfo(email: string, password: string): Promise<Record<string, unknown>> {
  const as = await discover(origin);
  const client: oauth.Client = { client_id: CLIENTS.memberApp, token_endpoint_auth_method: 'none' };
  const redirectUri = 'http://127.0.0.1:8765/callback';
  const outcome = await authorizeInBrowser(as, {
    clientId: client.client_id,
    redirectUri,
    scope: 'openid email',
    resource: origin,
    email,
    password,
  });
  const tokens = await exchangeCode(as, client, oauth.None(), outcome, redirectUri, origin);
  const response = await fetch(`${origin}/api/oauth/userinfo`, {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

describe.skipIf(!mailDir)('invitations proven by the mailbox', () => {
  let demo: ReturnType<typeof adminClient>;

  beforeAll(async () => {
    demo = adminClient(origin, await operatorToken(origin, 'students:read students:write members:write'));
  });

  it('OpenAPI inviteStudent: the link is mailed to the invitee alone (English school: English mail from its name, text and HTML, names escaped), never answered', async () => {
    const email = uniqueEmail('mailed');
    const name = '<b>Ada</b> & "Co"';
    const invited = await inviteStudent({ client: demo, body: { email, name } });
    expect(invited.response.status).toBe(202);
    expect(JSON.stringify(invited.data)).not.toContain('/account/invitations/');
    const mail = await mailTo(email);
    expect(mail.parsed.from?.value).toEqual([{ name: 'Demo Academy', address: expect.any(String) as string }]);
    expect(mail.parsed.subject).toBe('Your invitation to join Demo Academy');
    expect(mail.parsed.text).toContain(`Hello ${name},`);
    const html = String(mail.parsed.html);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Hello &lt;b&gt;Ada&lt;/b&gt; &amp; &quot;Co&quot;,');
    expect(html).not.toContain('<b>Ada</b>');
    const link = linkIn(mail, '/account/invitations/')!;
    expect(new URL(link).origin).toBe(origin);
    expect(html).toContain(`href="${link}"`);
    // The link is the invitation page; a new address sets its first password there and signs in with it.
    await acceptInvitation(link);
    expect(await signIn(origin, email, NEW_PERSON_PASSWORD)).toBe(303);
    expect((await listStudents({ client: demo, query: { q: email } })).data!.data).toHaveLength(1);
    // Single use: the link is spent.
    expect((await fetch(link)).status).toBe(404);
    // OpenID Connect Core 5.1: the mailbox is proven, so email_verified is true in UserInfo.
    expect(await userInfo(email, NEW_PERSON_PASSWORD)).toMatchObject({ email, email_verified: true });
  });

  it('OpenID Connect Core 5.1 email_verified: false for an address never proven by a mailed link', async () => {
    expect(await userInfo(ACCOUNTS.student2, DEMO_PASSWORD)).toMatchObject({
      email: ACCOUNTS.student2,
      email_verified: false,
    });
  });

  it.skipIf(!secondary)('a German school mails in German', async () => {
    const second = adminClient(secondary, await operatorToken(secondary, 'students:write', ACCOUNTS.secondSchoolOwner));
    const email = uniqueEmail('deutsch');
    expect((await inviteStudent({ client: second, body: { email, name: 'Grete' } })).response.status).toBe(202);
    const mail = await mailTo(email);
    expect(mail.parsed.from?.value[0]?.name).toBe('Second School');
    expect(mail.parsed.subject).toBe('Ihre Einladung zu Second School');
    expect(mail.parsed.text).toContain('Hallo Grete,');
    expect(String(mail.parsed.html)).toContain('<html lang="de">');
  });

  it('OpenAPI resendStudentInvitation and resendMemberInvitation: a fresh link is mailed, the earlier one stops working; the answer holds no link', async () => {
    const email = uniqueEmail('resent');
    const invited = await inviteStudent({ client: demo, body: { email, name: 'Resent' } });
    const first = await invitationLink(email);
    const mark = await mailMark();
    const resent = await resendStudentInvitation({
      client: demo,
      path: { invitation_id: (invited.data as { id: string }).id },
    });
    expect(resent.response.status).toBe(202);
    expect(resent.data).toMatchObject({ id: (invited.data as { id: string }).id, email, status: 'pending' });
    expect(JSON.stringify(resent.data)).not.toContain('/account/invitations/');
    const fresh = await invitationLink(email, { after: mark });
    expect(fresh).not.toBe(first);
    expect((await fetch(first)).status).toBe(404);
    expect((await fetch(fresh)).status).toBe(200);
    // A student invitation is not a staff one, and the reverse: each operation reaches its own.
    const id = (invited.data as { id: string }).id;
    expect((await resendMemberInvitation({ client: demo, path: { invitation_id: id } })).response.status).toBe(404);
    const staff = uniqueEmail('staff-resent');
    const staffInvite = await inviteMember({ client: demo, body: { email: staff, name: 'Staff', role: 'admin' } });
    const staffFirst = await invitationLink(staff);
    const staffMark = await mailMark();
    const staffId = (staffInvite.data as { id: string }).id;
    expect((await resendStudentInvitation({ client: demo, path: { invitation_id: staffId } })).response.status).toBe(
      404,
    );
    expect((await resendMemberInvitation({ client: demo, path: { invitation_id: staffId } })).response.status).toBe(
      202,
    );
    const staffFresh = await invitationLink(staff, { after: staffMark });
    expect(staffFresh).not.toBe(staffFirst);
    await acceptInvitation(staffFresh);
    // Answered: nothing left to resend.
    expect((await resendMemberInvitation({ client: demo, path: { invitation_id: staffId } })).response.status).toBe(
      404,
    );
  });

  it('the MCP operation invite_student mails the link and answers without it', async () => {
    const mcp = await connect(origin, await operatorToken(origin, 'students:write'));
    const email = uniqueEmail('mcp-mailed');
    const result = await call<Record<string, unknown>>(mcp, 'call_operation', {
      operation: 'invite_student',
      arguments: { email, name: 'Through MCP' },
    });
    expect(result.isError).toBeFalsy();
    expect(JSON.stringify(result)).not.toContain('/account/invitations/');
    await acceptInvitation(await invitationLink(email));
    await mcp.close();
  });
});
