// docs/operations.md "Mail": in production without SMTP_URL the service still starts, writes no
// mail to files, says once in its log that it sends no mail, and the admin area says so on the
// pages whose actions would mail; outside production the same deployment has mail (as .eml files)
// and shows no such notice.
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKeyEncryptionKey } from '../reliability/instance.ts';
import { pageHtml, signedIn } from '../web/area-http.ts';
import {
  inviteMember,
  inviteStudent,
  resendMemberInvitation,
  resendStudentInvitation,
} from '../../generated/openapi/client/sdk.gen.ts';
import { uniqueEmail } from '../admin/people-fixtures.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { adminClient } from '../support/admin-client.ts';
import { operatorToken } from '../support/tokens.ts';
import { startMailInstance, type MailInstance } from './mail-instance.ts';

describe('production without SMTP_URL (docs/operations.md "Mail")', () => {
  let instance: MailInstance;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mail-off-'));

  beforeAll(async () => {
    instance = await startMailInstance({
      NODE_ENV: 'production',
      KEY_ENCRYPTION_KEY: newKeyEncryptionKey(),
      SMTP_URL: '',
      DATA_DIR: dataDir,
    });
  }, 120_000);
  afterAll(async () => instance?.close());

  it('starts, and its log says once that it sends no mail', () => {
    const lines = instance
      .stdout()
      .split('\n')
      .filter((line) => line.includes('sends no mail'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 40 });
  });

  it('the admin area says mail is not configured, in the school’s language', async () => {
    const english = await pageHtml(
      await signedIn(instance.origin, 'owner@demo-academy.test'),
      `${instance.origin}/admin`,
    );
    expect(english).toContain('Mail is not configured');
    const second = instance.origin.replace('localhost', '127.0.0.1');
    const german = await pageHtml(await signedIn(second, 'owner@second-school.test'), `${second}/admin`);
    expect(german).toContain('E-Mail ist nicht eingerichtet');
  });

  it('OpenAPI inviteStudent, inviteMember, resendStudentInvitation, resendMemberInvitation: refused with 422 saying so, nothing invited', async () => {
    const client = adminClient(
      instance.origin,
      await operatorToken(instance.origin, 'students:read students:write members:write'),
    );
    const email = uniqueEmail('no-mail');
    const student = await inviteStudent({ client, body: { email, name: 'Nobody Mailed' } });
    expect(student.response.status).toBe(422);
    expect(student.error).toMatchObject({ status: 422, detail: expect.stringContaining('SMTP_URL') as string });
    const member = await inviteMember({ client, body: { email, name: 'Nobody Mailed', role: 'lecturer' } });
    expect(member.response.status).toBe(422);
    // OpenAPI resendStudentInvitation, resendMemberInvitation: no link can be mailed again either.
    const id = crypto.randomUUID();
    expect((await resendStudentInvitation({ client, path: { invitation_id: id } })).response.status).toBe(422);
    expect((await resendMemberInvitation({ client, path: { invitation_id: id } })).response.status).toBe(422);
    // Someone who belongs here already needs no mail: they gain the role at once.
    const known = await inviteStudent({ client, body: { email: ACCOUNTS.lecturer, name: 'Lecturer' } });
    expect(known.response.status).toBe(201);
  });

  it('writes no mail files', () => {
    expect(existsSync(path.join(dataDir, 'mail'))).toBe(false);
  });
});

describe('outside production without SMTP_URL (docs/operations.md "Mail")', () => {
  let instance: MailInstance;

  beforeAll(async () => {
    instance = await startMailInstance({ SMTP_URL: '' });
  }, 120_000);
  afterAll(async () => instance?.close());

  it('has mail (as .eml files): the admin area shows no notice', async () => {
    const page = await pageHtml(await signedIn(instance.origin, 'owner@demo-academy.test'), `${instance.origin}/admin`);
    expect(page).toContain('<h1 id="home-title">');
    expect(page).not.toContain('Mail is not configured');
    expect(instance.stdout()).not.toContain('sends no mail');
  });
});
