// Arrangement helpers of the students, enrollments and members contract tests: fresh people and
// courses made through the generated client, so the seeded demo data stays untouched.
import { randomUUID } from 'node:crypto';
import { createCourse, inviteStudent } from '../../generated/openapi/client/sdk.gen.ts';
import type { adminClient } from '../support/admin-client.ts';
import { acceptInvitation } from '../support/invitations.ts';
import { invitationLink, mailMark } from '../support/mailbox.ts';

type Client = ReturnType<typeof adminClient>;

/** A new, never-seen e-mail address (identities are global, so tests must not collide). */
export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@people-tests.example`;
}

/**
 * A new person who became a student here the way people do (OpenAPI inviteStudent): invited (202), they
 * accept at the link mailed to them by choosing a password; inviting again then answers the student (200).
 */
export async function joinedStudent(client: Client, body: { email: string; name: string }) {
  const mark = await mailMark();
  const invited = await inviteStudent({ client, body });
  if (invited.response.status !== 202) throw new Error(`inviting ${body.email} answered ${invited.response.status}`);
  await acceptInvitation(await invitationLink(body.email, { after: mark }));
  const joined = await inviteStudent({ client, body });
  if (joined.response.status !== 200 || !joined.data || !('avatar_url' in joined.data))
    throw new Error(`${body.email} is not a student after accepting: ${joined.response.status}`);
  return joined.data;
}

/** A draft course of this school, with lifetime access unless `access_days` says otherwise. */
export async function freshCourse(client: Client, options: { access_days?: number | null } = {}) {
  const { data, response } = await createCourse({
    client,
    body: { title: `People test course ${randomUUID()}`, ...options },
  });
  if (response.status !== 201 || !data) throw new Error(`could not create a course: ${response.status}`);
  return data;
}

/** The JSON Pointers of a problem's field errors (RFC 9457 `errors[]`). */
export function pointersOf(problem: unknown): string[] {
  return ((problem as { errors?: Array<{ pointer: string }> } | undefined)?.errors ?? []).map((e) => e.pointer);
}
