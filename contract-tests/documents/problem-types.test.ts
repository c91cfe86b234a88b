// docs/development.md "Problem types": every problem `type` URI the service emits resolves (RFC 9457 3.1.1: a type
// URI should resolve to human-readable documentation). The names come from the served OpenAPI
// document (ProblemTypeName) and from real error responses of the admin API; each URI must be on
// the answering school's origin and answer 200 in HTML, Markdown and JSON.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { operatorToken } from '../support/tokens.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');

type Problem = { type: string; status: number; title: string };

async function problemOf(response: Response): Promise<Problem> {
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  return (await response.json()) as Problem;
}

describe('problem type URIs resolve on the school\'s origin (docs/development.md "Problem types"; RFC 9457 3.1.1)', () => {
  let names: string[];
  let token: string;

  beforeAll(async () => {
    const document = (await (await fetch(`${origin}/openapi.json`)).json()) as {
      components: { schemas: Record<string, { enum?: string[] }> };
    };
    names = document.components.schemas.ProblemTypeName?.enum ?? [];
    token = await operatorToken(origin, 'courses:read courses:write');
  });

  it('the problem page a person opens follows the school\'s language: German at the German school, English at the English one (docs/development.md "Page languages")', async () => {
    const german = await (await fetch(`${secondary}/problems/conflict`)).text();
    expect(german).toContain('lang="de"');
    expect(german).toContain('Konflikt');
    expect(german).toContain('Wählen Sie einen anderen Wert');
    const english = await (await fetch(`${origin}/problems/conflict`)).text();
    expect(english).toContain('lang="en"');
    expect(english).toContain('Choose another value');
  });

  it('the OpenAPI document lists the problem types (ProblemTypeName), and each page answers 200 in HTML, Markdown and JSON', async () => {
    expect(names.length).toBeGreaterThanOrEqual(8);
    for (const name of names) {
      const html = await fetch(`${origin}/problems/${name}`);
      expect(html.status, name).toBe(200);
      expect(html.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await html.text()).toContain(`${origin}/problems/${name}`);
      const markdown = await fetch(`${origin}/problems/${name}`, { headers: { accept: 'text/markdown' } });
      expect(markdown.status, name).toBe(200);
      expect(markdown.headers.get('content-type')).toMatch(/^text\/markdown/);
      const json = await fetch(`${origin}/problems/${name}`, { headers: { accept: 'application/json' } });
      expect(json.status, name).toBe(200);
      expect(await json.json()).toMatchObject({
        type: `${origin}/problems/${name}`,
        name,
        status: expect.any(Number),
        title: expect.any(String),
        description: expect.any(String),
      });
    }
  });

  it('an unknown problem type is a 404 problem', async () => {
    const response = await fetch(`${origin}/problems/no-such-problem`);
    expect(response.status).toBe(404);
    expect(await problemOf(response)).toMatchObject({ type: 'about:blank', status: 404 });
  });

  it("real error responses carry type URIs on the answering school's origin, listed in the spec, that resolve", async () => {
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const slug = `problem-types-${Date.now()}`;
    expect(
      (
        await fetch(`${origin}/api/v1/courses`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ title: 'Problem types', slug }),
        })
      ).status,
    ).toBe(201);
    const samples = [
      // 400 invalid-request: the schema is broken.
      await fetch(`${origin}/api/v1/courses?limit=1000`, { headers: auth }),
      // 409 conflict: the slug is taken.
      await fetch(`${origin}/api/v1/courses`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ title: 'Problem types', slug }),
      }),
      // 413 content-too-large: over the 2 MB every JSON body may be.
      await fetch(`${origin}/api/v1/courses`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ title: 'x'.repeat(2_200_000) }),
      }),
      // 401 invalid-token: no token at all, and a token that is not one (RFC 6750 3.1).
      await fetch(`${origin}/api/v1/courses`),
      await fetch(`${origin}/api/v1/courses`, { headers: { authorization: 'Bearer not-a-token' } }),
      // 403 insufficient-scope: the token lacks orders:read (RFC 6750 3.1).
      await fetch(`${origin}/api/v1/orders`, { headers: auth }),
    ];
    const seen = new Set<string>();
    for (const response of samples) {
      const problem = await problemOf(response);
      expect(problem.type.startsWith(`${origin}/problems/`), problem.type).toBe(true);
      const name = problem.type.slice(`${origin}/problems/`.length);
      expect(names).toContain(name);
      seen.add(name);
      expect((await fetch(problem.type)).status, problem.type).toBe(200);
    }
    expect([...seen].sort()).toEqual([
      'conflict',
      'content-too-large',
      'insufficient-scope',
      'invalid-request',
      'invalid-token',
    ]);
  });

  it('the second school names its own origin in type URIs, and serves the pages there', async () => {
    const response = await fetch(`${secondary}/api/v1/courses?limit=1000`, {
      headers: { authorization: `Bearer ${token}` },
    });
    // A token of the first school is unknown at the second: a 401 problem typed on the second's origin.
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    expect(await problemOf(response)).toMatchObject({
      type: `${secondary}/problems/invalid-token`,
      status: 401,
      error: 'invalid_token',
    });
    const page = await fetch(`${secondary}/problems/invalid-request`, { headers: { accept: 'application/json' } });
    expect(page.status).toBe(200);
    expect(((await page.json()) as { type: string }).type).toBe(`${secondary}/problems/invalid-request`);
  });
});
