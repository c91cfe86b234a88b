// School data cannot rewrite documents or pages. Hostile text goes into every
// free-text field of the school's write operations (the table comes from /openapi.json: plain text
// or sanitised HTML), through the admin API and an MCP operator tool; then the documents keep their
// Markdown structure (marked's lexer), the pages gain no element or attribute that runs script
// (htmlparser2), and the catalog, MCP and GraphQL serve no script or event handler. Records are
// created for the test and deleted after it; the second school's name is changed on an instance of the test's own.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { marked, Lexer, type Token, type Tokens } from 'marked';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as sdk from '../../generated/openapi/client/sdk.gen.ts';
import { call, connect } from '../mcp/mcp-client.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { adminClient } from '../support/admin-client.ts';
import { browserFetch } from '../support/cookie-jar.ts';
import { activeContent, textOf } from '../support/html-safety.ts';
import { markdownShape } from '../support/markdown-structure.ts';
import { authorizationUrl, discover, registerLoopbackClient } from '../support/oauth-flow.ts';
import { memberToken, operatorToken } from '../support/tokens.ts';
import { pageHtml, signedIn } from '../web/area-http.ts';
import { OWN_INSTANCE_TEST_MS, ownInstanceUnavailable, withOwnInstance } from '../service/own-instance.ts';
import { textFieldsOf, type TextField } from './school-data-fields.ts';

const origin = inject('primaryOrigin');
const run = `q${Date.now().toString(36)}`;

// Plain text that would be Markdown and HTML structure if it were pasted in unescaped.
const PLAIN = `Evil ${run}\r\n# Injected heading\n- item\n| x | y |\n\`\`\`\n<script>alert(1)</script><img src=x onerror=alert(1)> [l](javascript:alert(1)) https://evil.test **b** _e_ \`c\` &lt;i&gt; 1. x \\`;
const HTML = `<p onclick="steal()">ok ${run}</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">j</a><a href="//evil.test">p</a><iframe src="https://evil.test/"></iframe><svg onload=alert(1)></svg><p style="x:y">s</p>`;
const collapsed = (text: string) => text.replace(/\s+/g, ' ').trim();

const SCOPES = [
  'courses',
  'curriculum',
  'events',
  'membership_plans',
  'digital_products',
  'lecturers',
  'pages',
  'posts',
]
  .flatMap((s) => [`${s}:read`, `${s}:write`])
  .join(' ');

/** A body with every free-text field of the operation set to a hostile value (plain or HTML). */
type Written = { label: string; body: Record<string, unknown>; fields: TextField[]; stored: Record<string, unknown> };

async function hostileBody(
  operationId: string,
  fixed: Record<string, unknown>,
): Promise<{ label: string; body: Record<string, unknown>; fields: TextField[] }> {
  const fields = (await textFieldsOf(origin, operationId)).filter((f) => !(f.name in fixed));
  const body: Record<string, unknown> = { ...fixed };
  for (const field of fields) body[field.name] = (field.html ? HTML : PLAIN).slice(0, field.maxLength);
  return { label: operationId, body, fields };
}

function expectStoredSafely({ label, body: sent, fields, stored }: Written) {
  // Descriptions, bodies, bios and lecture content hold HTML: the spec must say they are sanitised.
  expect(
    fields.filter((f) => /^(description|body|bio|content)$/.test(f.name) && !f.html).map((f) => f.name),
    label,
  ).toEqual([]);
  for (const field of fields) {
    const value = stored[field.name];
    if (field.html) {
      expect(activeContent(String(value)), `${label}.${field.name}`).toEqual([]);
      expect(textOf(String(value)), `${label}.${field.name} keeps its text`).toContain(`ok ${run}`);
    } else {
      expect(value, `${label}.${field.name} is plain text, kept as sent`).toBe(sent[field.name]);
    }
  }
}

/** Structure lines as a set, links to catalog courses by template: other tests may add courses meanwhile. */
function structure(markdown: string) {
  const lines = markdownShape(markdown).map((line) =>
    line
      .replace(/(\/api\/v1\/catalog\/courses\/)[^/\s]+$/, '$1{slug}')
      .replace(/(\/courses\/)[a-z0-9-]+\.md$/, '$1{slug}.md')
      .replace(/^(\s*list \w+) \d+$/, '$1')
      .replace(/^(\s*table \d+)x.*$/, '$1'),
  );
  // Headings in order; the H1 holds the school's name, so only its level counts.
  const headings = new Lexer()
    .lex(markdown)
    .filter((t): t is Tokens.Heading => t.type === 'heading')
    .map((h) => (h.depth === 1 ? '1' : `${h.depth} ${h.text}`));
  return { lines: [...new Set(lines)].sort(), headings };
}

/** Every block of inline text (heading, paragraph, list item, table cell) as a reader sees it. */
function inlineTexts(markdown: string): string[] {
  const out: string[] = [];
  const read = (raw: string) => out.push(collapsed(textOf(marked.parseInline(raw, { gfm: true }) as string)));
  const walk = (tokens: Token[]) => {
    for (const t of tokens) {
      if (t.type === 'table')
        for (const cell of [...(t as Tokens.Table).header, ...(t as Tokens.Table).rows.flat()]) read(cell.text);
      else if (t.type === 'list') for (const item of (t as Tokens.List).items) read(item.text);
      else if (t.type === 'blockquote') walk((t as Tokens.Blockquote).tokens);
      else if (t.type === 'heading' || t.type === 'paragraph') read((t as Tokens.Heading).text);
    }
  };
  walk(new Lexer({ gfm: true }).lex(markdown));
  return out;
}

function expectTablesRectangular(markdown: string) {
  for (const t of new Lexer({ gfm: true }).lex(markdown)) {
    if (t.type === 'table')
      for (const row of (t as Tokens.Table).rows) expect(row.length).toBe((t as Tokens.Table).header.length);
  }
}

const text = async (url: string) => {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  return response.text();
};

describe('school data cannot rewrite documents or pages (OpenAPI "School text and HTML")', () => {
  let client: ReturnType<typeof adminClient>;
  const before: Record<string, string> = {};
  const written: Written[] = [];
  const made: {
    course?: string;
    courseSlug?: string;
    plan?: string;
    event?: string;
    product?: string;
    lecturer?: string;
    page?: string;
    post?: string;
    mcpCourse?: string;
  } = {};

  beforeAll(async () => {
    client = adminClient(origin, await operatorToken(origin, SCOPES));
    for (const doc of ['/llms.txt', '/pricing.md']) before[doc] = await text(`${origin}${doc}`);
    await arrange();
  });

  afterAll(async () => {
    const event = { client, path: { event_id: made.event! } };
    if (made.event) await sdk.cancelEvent(event).then(() => sdk.deleteEvent(event));
    if (made.plan) await sdk.deleteMembershipPlan({ client, path: { membership_plan_id: made.plan } });
    if (made.product) await sdk.deleteDigitalProduct({ client, path: { digital_product_id: made.product } });
    if (made.lecturer) await sdk.deleteLecturer({ client, path: { lecturer_id: made.lecturer } });
    if (made.page) await sdk.deletePage({ client, path: { page_id: made.page } });
    if (made.post) await sdk.deletePost({ client, path: { post_id: made.post } });
    for (const id of [made.course, made.mcpCourse]) {
      const course = { client, path: { course_id: id! } };
      if (id) await sdk.archiveCourse(course).then(() => sdk.deleteCourse(course));
    }
  });

  /** Every write with hostile text in each free-text field; the answers are checked by the first test. */
  async function arrange() {
    const course = await hostileBody('createCourse', { slug: `xss-course-${run}` });
    const c = await sdk.createCourse({ client, body: course.body as never });
    expect(c.response.status, JSON.stringify(c.error)).toBe(201);
    made.course = c.data!.id;
    made.courseSlug = c.data!.slug;
    written.push({ ...course, stored: c.data! });
    expect((await sdk.publishCourse({ client, path: { course_id: made.course } })).response.status).toBe(200);

    const section = await hostileBody('createSection', {});
    const s = await sdk.createSection({ client, path: { course_id: made.course }, body: section.body as never });
    expect(s.response.status, JSON.stringify(s.error)).toBe(201);
    written.push({ ...section, stored: s.data! });
    const lecture = await hostileBody('createLecture', { content_type: 'text', status: 'published' });
    const l = await sdk.createLecture({
      client,
      path: { course_id: made.course, section_id: s.data!.id },
      body: lecture.body as never,
    });
    expect(l.response.status, JSON.stringify(l.error)).toBe(201);
    written.push({ ...lecture, stored: l.data! });

    const plan = await hostileBody('createMembershipPlan', {
      slug: `xss-plan-${run}`,
      price: { amount: 1234, currency: 'USD' },
      billing_interval: 'month',
    });
    const p = await sdk.createMembershipPlan({ client, body: plan.body as never });
    expect(p.response.status, JSON.stringify(p.error)).toBe(201);
    made.plan = p.data!.id;
    written.push({ ...plan, stored: p.data! });

    const startsAt = new Date(Date.now() + 30 * 86_400_000);
    const event = await hostileBody('createEvent', {
      slug: `xss-event-${run}`,
      starts_at: startsAt.toISOString(),
      ends_at: new Date(startsAt.getTime() + 3_600_000).toISOString(),
    });
    const e = await sdk.createEvent({ client, body: event.body as never });
    expect(e.response.status, JSON.stringify(e.error)).toBe(201);
    made.event = e.data!.id;
    written.push({ ...event, stored: e.data! });
    expect((await sdk.publishEvent({ client, path: { event_id: made.event } })).response.status).toBe(200);

    for (const [operation, create, key, fixed] of [
      ['createDigitalProduct', sdk.createDigitalProduct, 'product', { slug: `xss-product-${run}` }],
      ['createLecturer', sdk.createLecturer, 'lecturer', { slug: `xss-lecturer-${run}` }],
      ['createPage', sdk.createPage, 'page', { slug: `xss-page-${run}` }],
      ['createPost', sdk.createPost, 'post', { slug: `xss-post-${run}` }],
    ] as const) {
      const input = await hostileBody(operation, fixed);
      const created = await (
        create as (o: unknown) => Promise<{ data?: Record<string, unknown>; error?: unknown; response: Response }>
      )({ client, body: input.body });
      expect(created.response.status, `${operation}: ${JSON.stringify(created.error)}`).toBe(201);
      made[key] = created.data!.id as string;
      written.push({ ...input, stored: created.data! });
    }
  }

  it('stores plain-text fields as sent and HTML fields without script, handlers or unsafe URLs, for every free-text field of every write', async () => {
    expect(written.map((w) => w.label)).toEqual([
      'createCourse',
      'createSection',
      'createLecture',
      'createMembershipPlan',
      'createEvent',
      'createDigitalProduct',
      'createLecturer',
      'createPage',
      'createPost',
    ]);
    for (const w of written) expectStoredSafely(w);
    // An update goes through the same rule as a create.
    const updated = await sdk.updateCourse({
      client,
      path: { course_id: made.course! },
      body: { description: `<div><img src="https://cdn.test/ok.png" onload="x()">ok ${run}</div>` },
    });
    expect(updated.data!.description).toBe(`<div><img src="https://cdn.test/ok.png" />ok ${run}</div>`);
    await sdk.updateCourse({ client, path: { course_id: made.course! }, body: { description: HTML } });
  });

  it('keeps the Markdown structure of /llms.txt and /pricing.md, with the hostile titles as literal text', async () => {
    for (const doc of ['/llms.txt', '/pricing.md']) {
      const after = await text(`${origin}${doc}`);
      expect(structure(after), doc).toEqual(structure(before[doc]!));
      expectTablesRectangular(after);
      expect(
        inlineTexts(after).filter((t) => t.includes(`Evil ${run}`)).length,
        `${doc} shows the hostile names`,
      ).toBeGreaterThan(0);
      for (const t of inlineTexts(after).filter((x) => x.includes(`Evil ${run}`)))
        expect(t, doc).toContain(collapsed(PLAIN));
    }
  });

  // Other suites read the demo schools' names: the second school of an instance of this test's own.
  it.skipIf(ownInstanceUnavailable)(
    "keeps the structure of /auth.md, /llms.txt, /pricing.md, /webhooks.md and the sign-in page when the school's name and description are hostile",
    // The second school of an instance: PUBLIC_URL with localhost swapped for 127.0.0.1.
    () => withOwnInstance((instance) => expectStructureKeptAt(instance.origin.replace('localhost', '127.0.0.1'))),
    OWN_INSTANCE_TEST_MS,
  );

  async function expectStructureKeptAt(secondary: string): Promise<void> {
    const owner = adminClient(
      secondary,
      await operatorToken(secondary, 'school:read school:write', ACCOUNTS.secondSchoolOwner),
    );
    const docs = ['/auth.md', '/llms.txt', '/pricing.md', '/webhooks.md'];
    const baseline = await Promise.all(docs.map((d) => text(`${secondary}${d}`)));
    const changed = await sdk.updateSchool({
      client: owner,
      body: { name: PLAIN.slice(0, 200), description: PLAIN },
    });
    expect(changed.response.status, JSON.stringify(changed.error)).toBe(200);
    expect(changed.data).toMatchObject({ name: PLAIN.slice(0, 200), description: PLAIN });
    const hostile = await Promise.all(docs.map((d) => text(`${secondary}${d}`)));
    const signIn = await text(`${secondary}/oauth/sign-in`);
    docs.forEach((doc, i) => {
      expect(structure(hostile[i]!), doc).toEqual(structure(baseline[i]!));
      expect(
        inlineTexts(hostile[i]!).some((t) => t.includes(collapsed(PLAIN.slice(0, 200)))),
        `${doc} shows the name as text`,
      ).toBe(true);
    });
    expect(activeContent(signIn, true)).toEqual([]);
    expect(collapsed(textOf(signIn))).toContain(collapsed(PLAIN.slice(0, 200)));
  }

  it('serves sanitised HTML and plain text as stored in the REST catalog and the anonymous MCP tools', async () => {
    const detail = (await (await fetch(`${origin}/api/v1/catalog/courses/${made.courseSlug}`)).json()) as Record<
      string,
      unknown
    >;
    expect(detail.title).toBe(PLAIN.slice(0, 200));
    expect(activeContent(String(detail.description))).toEqual([]);
    expect(String(detail.description)).toContain(`ok ${run}`);

    const anonymous = await connect(origin);
    try {
      const found = await call<{ data: Array<Record<string, unknown>> }>(anonymous, 'search_catalog', {
        query: run,
      });
      const course = found.structuredContent.data.find((c) => c.slug === made.courseSlug)!;
      expect(course.title).toBe(PLAIN.slice(0, 200));
      expect(activeContent(String(course.description))).toEqual([]);
      const events = await call<{ data: Array<{ slug: string; description?: string | null }> }>(
        anonymous,
        'list_upcoming_events',
        { limit: 50 },
      );
      for (const e of events.structuredContent.data)
        expect(activeContent(String(e.description ?? '')), String(e.slug)).toEqual([]);
      const plans = await call<{ data: Array<{ slug: string; description?: string | null }> }>(
        anonymous,
        'list_catalog_membership_plans',
        { limit: 50 },
      );
      const plan = plans.structuredContent.data.find((p) => p.slug === `xss-plan-${run}`);
      expect(plan, 'the hostile plan is listed').toBeDefined();
      for (const p of plans.structuredContent.data)
        expect(activeContent(String(p.description ?? '')), String(p.slug)).toEqual([]);
    } finally {
      await anonymous.close();
    }
  });

  it('sanitises HTML written through an MCP operator tool the same way', async () => {
    let operator: Client | undefined;
    try {
      operator = await connect(origin, await operatorToken(origin, SCOPES));
      const created = await call<Record<string, unknown>>(operator, 'create_course', {
        title: `MCP ${run}`,
        slug: `xss-mcp-${run}`,
        description: HTML,
      });
      expect(created.isError, JSON.stringify(created.content)).toBeFalsy();
      made.mcpCourse = created.structuredContent.id as string;
      expect(activeContent(String(created.structuredContent.description))).toEqual([]);
      expect(String(created.structuredContent.description)).toContain(`ok ${run}`);
    } finally {
      await operator?.close();
    }
  });

  it('the member GraphQL API serves no school HTML field at all', async () => {
    const token = await memberToken(origin);
    const response = await fetch(`${origin}/account/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __schema { types { name fields { name } } } }' }),
    });
    const body = (await response.json()) as {
      data: { __schema: { types: Array<{ name: string; fields: Array<{ name: string }> | null }> } };
    };
    const htmlFields = body.data.__schema.types
      .filter((t) => !t.name.startsWith('__'))
      .flatMap((t) =>
        (t.fields ?? [])
          .filter((f) => /^(description|body|bio|content|html)$/i.test(f.name))
          .map((f) => `${t.name}.${f.name}`),
      );
    expect(htmlFields, 'a new HTML field must be sanitised on write and tested here').toEqual([]);
  });

  it('shows hostile course titles and client names as text on the admin analytics page and the consent page', async () => {
    const jar = await signedIn(origin, ACCOUNTS.owner);
    const analytics = await pageHtml(jar, `${origin}/admin/analytics`);
    expect(activeContent(analytics, true)).toEqual([]);
    expect(collapsed(textOf(analytics))).toContain(collapsed(PLAIN.slice(0, 200)));
    const json = /<script type="application\/json" id="analytics-data">([\s\S]*?)<\/script>/.exec(analytics)![1]!;
    expect(JSON.stringify(JSON.parse(json))).toContain(JSON.stringify(PLAIN.slice(0, 200)).slice(1, -1));

    const as = await discover(origin);
    const name = `<img src=x onerror=alert(1)><script>alert(1)</script>" onmouseover="x" ${run}`;
    const registered = await registerLoopbackClient(as, { client_name: name });
    const url = authorizationUrl(
      as,
      { clientId: registered.client_id, redirectUri: 'http://127.0.0.1:8765/callback', scope: 'courses:read' },
      { challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' },
      run,
      run,
    );
    const consent = await browserFetch(jar, url.toString());
    const html = await consent.text();
    expect(consent.status, html.slice(0, 300)).toBe(200);
    expect(html).toContain('action="/oauth/authorize"');
    expect(activeContent(html, true)).toEqual([]);
    expect(textOf(html)).toContain(name);
  });
});
