// /auth.md as a developer follows it (what it covers: how an agent or developer authenticates
// here: discovery, the three client routes, the member route, flows with curl examples):
// the routes are all there, and its curl examples, run as written (a small shell-word reader,
// $CODE, $CLIENT_ID and $VERIFIER filled in from the steps before), register a client and
// exchange a real code for tokens.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS } from '../support/accounts.ts';
import { authorizeInBrowser, discover } from '../support/oauth-flow.ts';
import { memberToken } from '../support/tokens.ts';

const origin = inject('primaryOrigin');

/** Shell words of a command: single and double quotes, backslash-newline continuations. */
function shellWords(command: string): string[] {
  const words: string[] = [];
  let current: string | null = null;
  const text = command.replace(/\\\n/g, ' ');
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      current = (current ?? '') + text.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      const end = text.indexOf('"', i + 1);
      current = (current ?? '') + text.slice(i + 1, end);
      i = end;
    } else if (/\s/.test(c)) {
      if (current !== null) words.push(current);
      current = null;
    } else current = (current ?? '') + c;
  }
  if (current !== null) words.push(current);
  return words;
}

/** Runs a `curl -s -X METHOD URL -H ... -d ...` command with fetch, as curl would send it. */
async function runCurl(command: string, variables: Record<string, string>): Promise<Response> {
  const words = shellWords(command.replace(/\$([A-Z_]+)/g, (_all, name: string) => variables[name] ?? `$${name}`));
  expect(words[0]).toBe('curl');
  let method = 'GET';
  let url = '';
  const headers: Record<string, string> = {};
  const data: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    if (word === '-s') continue;
    else if (word === '-X') method = words[++i]!;
    else if (word === '-H') {
      const [name, ...value] = words[++i]!.split(':');
      headers[name!.trim().toLowerCase()] = value.join(':').trim();
    } else if (word === '-d') data.push(words[++i]!);
    else if (/^https?:\/\//.test(word)) url = word;
    else throw new Error(`curl option not understood: ${word}`);
  }
  // curl -d without a Content-Type sends application/x-www-form-urlencoded, joining several with &.
  if (data.length && !headers['content-type']) headers['content-type'] = 'application/x-www-form-urlencoded';
  return fetch(url, {
    method: data.length && method === 'GET' ? 'POST' : method,
    headers,
    body: data.length ? data.join('&') : undefined,
  });
}

describe('/auth.md, followed as written (curl examples work)', () => {
  let text: string;
  let examples: string[];
  beforeAll(async () => {
    text = await (await fetch(`${origin}/auth.md`)).text();
    examples = [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!.trim());
  });

  it('describes discovery, the three operator client routes and the member route', () => {
    expect(text).toContain(`${origin}/.well-known/oauth-authorization-server`);
    for (const route of [
      'Pre-registered vendor integration',
      'Client ID Metadata Document',
      'Loopback registration',
      'Member application',
    ])
      expect(text).toMatch(new RegExp(`^\\| ${route} \\| (operator|member) \\|`, 'm'));
  });

  it('its curl examples register a client and exchange a code for tokens, as written', async () => {
    expect(examples.length).toBeGreaterThanOrEqual(2);
    const registration = examples.find((e) => e.includes('/api/oauth/register'))!;
    const registered = await runCurl(registration, {});
    expect(registered.status).toBe(201);
    const client = (await registered.json()) as { client_id: string; redirect_uris: string[] };

    const exchange = examples.find((e) => e.includes('grant_type=authorization_code'))!;
    const redirectUri = /redirect_uri=(\S+)/.exec(exchange)![1]!;
    expect(client.redirect_uris).toContain(redirectUri);
    const outcome = await authorizeInBrowser(await discover(origin), {
      clientId: client.client_id,
      redirectUri,
      scope: 'courses:read',
      email: ACCOUNTS.owner,
      resource: origin,
    });
    const code = outcome.callback.searchParams.get('code')!;
    expect(code).toBeTruthy();
    const tokens = await runCurl(exchange, { CODE: code, CLIENT_ID: client.client_id, VERIFIER: outcome.codeVerifier });
    const body = await tokens.json();
    expect(tokens.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({
      access_token: expect.any(String),
      token_type: expect.stringMatching(/^bearer$/i),
      refresh_token: expect.any(String),
      scope: 'courses:read',
    });
    const courses = await fetch(`${origin}/api/v1/courses?limit=1`, {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(courses.status).toBe(200);
  });

  it("its member API example answers the spec's viewer query with expireDate and lastWatchedLecture, as written", async () => {
    const example = examples.find((e) => e.includes('/account/graphql'))!;
    expect(example).toContain(
      '{ viewer { id email enrolledCourses(first: 10) { nodes { slug expireDate hasLifetimeAccess lastWatchedLecture { lectureId positionSeconds } } } } }',
    );
    const reply = await runCurl(example, { ACCESS_TOKEN: await memberToken(origin) });
    const body = (await reply.json()) as {
      data?: { viewer: { enrolledCourses: { nodes: object[] } } };
      errors?: unknown;
    };
    expect(reply.status, JSON.stringify(body)).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data!.viewer.enrolledCourses.nodes[0]).toHaveProperty('lastWatchedLecture');
  });
});
