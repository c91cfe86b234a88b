// The flows that hand out secrets beside OAuth's (every-flow.ts): invitation links opened, declined and
// accepted with a new password, webhook endpoints created and their secrets rotated, a member
// application made in the admin area and its client secret rotated. Each secret the test sees is
// recorded, so the log suite can look for it where it must never be.
import { invitationLink } from '../support/mailbox.ts';
import * as sdk from '../../generated/openapi/client/sdk.gen.ts';
import { uniqueEmail } from '../admin/people-fixtures.ts';
import { createMemberApplication, csrfFor, pageHtml, postForm, signedIn } from '../web/area-http.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { adminClient } from '../support/admin-client.ts';
import { decodeEntities } from '../support/cookie-jar.ts';
import { answerInvitation } from '../support/invitations.ts';
import { operatorToken } from '../support/tokens.ts';
import type { Seen } from './every-flow.ts';

/** The secret of a one-time link: its last path segment (`/account/invitations/sci_…`). */
const linkSecretOf = (url: string) => new URL(url).pathname.split('/').pop()!;

/** `mailDir`: where the instance's mail lands (its DATA_DIR/mail without SMTP_URL). */
export async function runSecretLinkFlows(origin: string, seen: Seen, mailDir: string): Promise<void> {
  // courses:read: an endpoint for course.published needs the scope that reads courses (/webhooks.md "Who may receive what").
  const token = await operatorToken(origin, 'courses:read students:write members:write webhooks:read webhooks:write');
  seen.set(token, 'access token');
  const client = adminClient(origin, token);

  // Invitations (OpenAPI inviteStudent, inviteMember): one accepted with a new password, one declined.
  const emails = [uniqueEmail('log-student'), uniqueEmail('log-member')] as const;
  const student = await sdk.inviteStudent({ client, body: { email: emails[0], name: 'Log Student' } });
  const member = await sdk.inviteMember({ client, body: { email: emails[1], name: 'Log Member', role: 'lecturer' } });
  for (const answer of [student, member])
    if (answer.response.status !== 202) throw new Error(`invitation answered ${answer.response.status}`);
  // The links are mailed to the people alone (OpenAPI inviteStudent).
  const links = await Promise.all(emails.map((email) => invitationLink(email, { dir: mailDir })));
  for (const link of links) seen.set(linkSecretOf(link), 'link secret');
  const password = `invited-${crypto.randomUUID()}`;
  seen.set(password, 'password');
  const accepted = await answerInvitation(links[0]!, { decision: 'accept', password, name: 'Log Student' });
  if (accepted.status !== 303) throw new Error(`accepting answered ${accepted.status}`);
  const declined = await answerInvitation(links[1]!, { decision: 'decline' });
  if (declined.status !== 200) throw new Error(`declining answered ${declined.status}`);
  // A spent link opened again: its refusal page is logged too.
  await fetch(links[0]!);

  // Webhook endpoints (OpenAPI createWebhookEndpoint, rotateWebhookSecret): the secret answered once, then a new one.
  const endpoint = await sdk.createWebhookEndpoint({
    client,
    body: { url: 'https://hooks.log-hygiene.invalid/hook', event_types: ['course.published'] },
  });
  if (!endpoint.data) throw new Error(`creating a webhook endpoint answered ${endpoint.response.status}`);
  seen.set(endpoint.data.secret, 'webhook secret');
  const rotated = await sdk.rotateWebhookSecret({ client, path: { webhook_id: endpoint.data.id } });
  if (!rotated.data) throw new Error(`rotating the webhook secret answered ${rotated.response.status}`);
  seen.set(rotated.data.secret, 'webhook secret');
}

/** The client secret an admin-area page shows once (docs/operations.md "Managing clients and keys"). */
const shownSecretOf = (page: string) => decodeEntities(/id="client-secret"[^>]*value="([^"]+)"/.exec(page)![1]!);

/** A confidential member application made in the admin area, and its secret rotated there. */
export async function runMemberApplicationFlows(origin: string, seen: Seen): Promise<void> {
  const jar = await signedIn(origin, ACCOUNTS.owner);
  const app = await createMemberApplication(origin, jar, {
    name: 'Log hygiene app',
    redirectUris: ['https://app.log-hygiene.example/callback'],
    scopes: ['account:read'],
    confidential: true,
  });
  seen.set(shownSecretOf(app.page), 'client secret');
  const action = `/admin/applications/${app.rowId}/rotate-secret`;
  // Rotating asks first (its confirmation page holds the form), then redirects to the secret shown once.
  const csrf = csrfFor(await pageHtml(jar, `${origin}${action}`), action);
  const rotated = await postForm(jar, `${origin}${action}`, [['csrf_token', csrf]]);
  if (rotated.status !== 303) throw new Error(`rotating the client secret answered ${rotated.status}`);
  seen.set(shownSecretOf(await pageHtml(jar, `${origin}${rotated.headers.get('location')!}`)), 'client secret');
  for (const pair of jar.header(origin).split('; '))
    if (pair.startsWith('cs_')) seen.set(pair.slice(pair.indexOf('=') + 1), 'cookie');
}
