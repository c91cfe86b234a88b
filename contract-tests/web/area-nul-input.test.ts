// Text the database cannot hold, typed into the admin and account areas (OpenAPI info "Input";
// bad input is never a 500; src/lib/nul-text.ts): PostgreSQL text refuses U+0000, so a form
// field or query parameter holding it is a 400 page naming the field, before any handler runs,
// and changes nothing. Over plain HTTP with a cookie jar, as a scripted browser would post.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS } from '../support/accounts.ts';
import { browserFetch, CookieJar, decodeEntities } from '../support/cookie-jar.ts';
import { memberToken } from '../support/tokens.ts';
import { createMemberApplication, csrfFor, pageHtml, signedIn as signedInAt } from './area-http.ts';

const origin = inject('primaryOrigin');
const NUL = '\u0000';
const signedIn = (email: string) => signedInAt(origin, email);
const html = (jar: CookieJar, path: string) => pageHtml(jar, `${origin}${path}`);

/** Posts a form and expects the 400 page that names the field (never a 500, never a redirect). */
async function refused(
  jar: CookieJar,
  action: string,
  form: Record<string, string>,
  fieldName: string,
): Promise<string> {
  const response = await browserFetch(jar, `${origin}${action}`, { form });
  const body = await response.text();
  expect(response.status, `${action} ${fieldName}`).toBe(400);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  expect(decodeEntities(body)).toContain(`“${fieldName}” must not contain the character U+0000 (NUL)`);
  return body;
}

describe('U+0000 in the forms of the admin and account areas (never a 500; lib/nul-text.ts)', () => {
  let owner: CookieJar;
  beforeAll(async () => {
    owner = await signedIn(ACCOUNTS.owner);
  });

  it('"New application": NUL in "Name" or "Redirect URIs" is a 400 page naming the field, and no application is created', async () => {
    const name = `Nul probe ${Date.now()}`;
    const csrf = csrfFor(await html(owner, '/admin/applications/new'), '/admin/applications');
    const valid = {
      csrf_token: csrf,
      name,
      redirect_uris: 'http://127.0.0.1/callback',
      client_type: 'public',
      scope: 'openid',
    };
    await refused(owner, '/admin/applications', { ...valid, name: `${name}${NUL}` }, 'name');
    await refused(
      owner,
      '/admin/applications',
      { ...valid, redirect_uris: `http://127.0.0.1/call${NUL}back` },
      'redirect_uris',
    );
    await refused(owner, '/admin/applications', { ...valid, scope: `open${NUL}id` }, 'scope');
    expect(await html(owner, '/admin/applications')).not.toContain(name);
  });

  it('editing an application: NUL in "Name" is a 400 page naming the field, and the name stays', async () => {
    const name = `Nul edit ${Date.now()}`;
    const { rowId } = await createMemberApplication(origin, owner, {
      name,
      redirectUris: ['http://127.0.0.1/callback'],
      scopes: ['openid'],
    });
    const path = `/admin/applications/${rowId}`;
    const edit = csrfFor(await html(owner, path), path);
    await refused(
      owner,
      path,
      { csrf_token: edit, name: `${name} renamed${NUL}`, redirect_uris: 'http://127.0.0.1/callback', scope: 'openid' },
      'name',
    );
    const after = decodeEntities(await html(owner, path));
    expect(after).toContain(`value="${name}"`);
    expect(after).not.toContain(`${name} renamed`);
  });

  it('"Client metadata documents": NUL in a host to add or to remove is a 400 page, and the allowed hosts stay', async () => {
    const page = await html(owner, '/admin/metadata-documents');
    const hostsBefore = /aria-label="Allowed hosts"[\s\S]*?<\/ul>/.exec(page)?.[0];
    const csrf = csrfFor(page, '/admin/metadata-documents/hosts');
    await refused(
      owner,
      '/admin/metadata-documents/hosts',
      { csrf_token: csrf, host: `agents${NUL}.example.test` },
      'host',
    );
    await refused(
      owner,
      '/admin/metadata-documents/hosts/remove',
      { csrf_token: csrf, host: `local${NUL}host` },
      'host',
    );
    expect(/aria-label="Allowed hosts"[\s\S]*?<\/ul>/.exec(await html(owner, '/admin/metadata-documents'))?.[0]).toBe(
      hostsBefore,
    );
  });

  it('a query parameter of an admin page holding NUL is a 400 page naming it', async () => {
    const response = await browserFetch(owner, `${origin}/admin/audit-log?before=%00`);
    expect(response.status).toBe(400);
    expect(decodeEntities(await response.text())).toContain('“before” must not contain the character U+0000 (NUL)');
  });

  it('"Connected applications": NUL in the revoke form is a 400 page, and the access stays (account area)', async () => {
    const token = await memberToken(origin, 'openid account:read', ACCOUNTS.student);
    const student = await signedIn(ACCOUNTS.student);
    // The revoke form is on the confirmation page "Revoke" leads to (docs/security.md "Confirmations").
    const list = await html(student, '/account/connected-apps');
    const confirmation = /href="(\/account\/connected-apps\/[0-9a-f-]{36}\/revoke)"/.exec(list)![1]!;
    const csrf = csrfFor(await html(student, confirmation), '/account/connected-apps/revoke');
    await refused(student, '/account/connected-apps/revoke', { csrf_token: csrf, client: `0${NUL}` }, 'client');
    const viewer = await fetch(`${origin}/account/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ viewer { email } }' }),
    });
    expect(viewer.status).toBe(200);
  });
});
